// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_trace.c - libFuzzer harness of what `uvcstat trace` does with the
 * events it read: the pairing into sessions and per-URB samples
 * (tracepair.c, tracesamples.c), the reports derived and rendered from
 * them, the --samples CSV, and the cross-check against stats_raw figures
 * (crosscheck.c). The input is a list of 12-byte event records (time step,
 * type, stream, URB index, mode, status, bytes, flags), in any order and
 * with any values a corrupt or hostile trace.dat could give trace_read.c.
 * What must hold besides memory safety (ASan, UBSan):
 *   - every accumulated interval has min <= max and sum >= max when its
 *     count is non-zero (a count of 0 has a sum of 0);
 *   - every sample names an existing session, in order.
 *   make -C tools/uvcstat fuzz; $(OUT)/obj/uvcstat/uvcstat-fuzz-trace CORPUS
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "crosscheck.h"
#include "derive.h"
#include "render.h"
#include "tracepair.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define RECORD 12
#define MAX_EVENTS 4096

static void must(int cond)
{
	if (!cond)
		__builtin_trap();
}

static uint32_t rd32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *const streams[3] = { "1-2-1", "1-3-1", "" };
	static struct uvc_tev ev[MAX_EVENTS];
	struct uvc_trace_result r;
	struct buf b = { 0 };
	size_t n = 0, i, *sel;
	uint64_t ts = 0;

	for (i = 0; i + RECORD <= size && n < MAX_EVENTS; i += RECORD, n++) {
		const uint8_t *d = data + i;

		ts += d[0] | (d[1] & 0x0f) << 8;	/* non-decreasing, as trace_read sorts */
		ev[n].ts = ts;
		ev[n].type = (enum uvc_tev_type)(d[1] >> 4) % UVC_EV_COUNT;
		ev[n].stream = d[2] % 3;
		ev[n].urb = d[3] < 0xf0 ? d[3] % 8 : d[3];	/* now and then out of range */
		ev[n].mode = (int)(d[4] % 6) - 1;		/* -1 unknown, 0..3, 4 bogus */
		ev[n].status = (int32_t)(int8_t)d[5];
		ev[n].bytes = rd32(d + 6) >> (d[10] & 31);
		ev[n].flags = d[11];
	}
	if (uvc_trace_pair_samples(ev, n, &r))
		return 0;
	sel = calloc(r.n + 1, sizeof(*sel));
	must(sel != NULL);
	for (i = 0; i < r.n; i++) {
		const struct uvc_raw *raw = &r.s[i].raw;
		struct uvc_xcheck_opts x = { UVC_XCHECK_REL_DEFAULT, UVC_XCHECK_ABS_DEFAULT, r.s[i].whole };
		struct uvc_xcheck_result res;
		struct uvc_printed p;

		for (int t = 0; t < UVC_T_COUNT; t++) {
			const struct uvc_timing_raw *tr = &raw->t[t];

			must(tr->count ? tr->min_ns <= tr->max_ns && tr->sum_ns >= tr->max_ns
				       : tr->sum_ns == 0);
		}
		sel[i] = i;
		uvc_derive(raw, 0, &p);
		uvc_render_text(&b, &p);
		uvc_render_raw(&b, raw);
		uvc_crosscheck(&b, raw, raw, &x, &res);
		must(res.failed == 0 || !x.whole);
		b.len = 0;
	}
	for (i = 0; i < r.nsamples; i++)
		must(r.samples[i].session < r.n && (!i || r.samples[i].session >= r.samples[i - 1].session));
	uvc_render_samples_csv(&b, &r, sel, r.n, streams);
	free(sel);
	buf_free(&b);
	uvc_trace_result_free(&r);
	return 0;
}

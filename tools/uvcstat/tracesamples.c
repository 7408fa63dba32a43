// SPDX-License-Identifier: GPL-2.0
/*
 * tracesamples.c - the per-URB samples of uvc_trace_pair_samples(): one
 * record per URB cycle, filled by tracepair.c as it pairs the intervals,
 * so the distribution of every interval can be drawn, not only its sums.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "emit.h"
#include "tracepair_state.h"

void sample_begin(struct pairing *p, struct stream_state *st,
		  struct uvc_trace_session *s, struct urb_state *u, const struct uvc_tev *e)
{
	size_t i;

	if (!p->want_samples)
		return;
	u->sampling = 1;
	u->sample.session = (size_t)st->cur;
	u->sample.urb = e->urb;
	u->sample.seq = s->completions++;
	u->sample.complete_ts = e->ts;
	u->sample.bytes = 0;
	for (i = 0; i < UVC_T_COUNT; i++)
		u->sample.t[i] = UVC_SAMPLE_NONE;
}

void sample_set(struct urb_state *u, enum uvc_timing_id id, uint64_t d)
{
	if (u->sampling)
		u->sample.t[id] = d;
}

/* Keeps the cycle U has open, if any. */
void sample_end(struct pairing *p, struct urb_state *u)
{
	struct uvc_trace_result *r = p->out;

	if (!u->sampling)
		return;
	u->sampling = 0;
	if (r->nsamples == p->samples_cap) {
		size_t cap = p->samples_cap ? p->samples_cap * 2 : 256;
		struct uvc_urb_sample *n = realloc(r->samples, cap * sizeof(*n));

		if (!n) {
			p->oom = 1;
			return;
		}
		r->samples = n;
		p->samples_cap = cap;
	}
	r->samples[r->nsamples++] = u->sample;
}

static int sample_cmp(const void *a, const void *b)
{
	const struct uvc_urb_sample *x = a, *y = b;

	if (x->session != y->session)
		return x->session < y->session ? -1 : 1;
	if (x->complete_ts != y->complete_ts)
		return x->complete_ts < y->complete_ts ? -1 : 1;
	return x->urb < y->urb ? -1 : x->urb > y->urb;
}


void samples_sort(struct uvc_trace_result *r)
{
	if (r->nsamples)
		qsort(r->samples, r->nsamples, sizeof(*r->samples), sample_cmp);
}

/* One CSV record: the sample X of session K (1-based) of STREAM in MODE. */
static void emit_sample(struct uvc_emit *e, size_t k, const char *stream, const char *mode,
			const struct uvc_urb_sample *x)
{
	char key[48];
	int t;

	uvc_emit_num(e, "session", "%zu", k);
	uvc_emit_str(e, "stream", stream);
	uvc_emit_str(e, "mode", mode);
	uvc_emit_num(e, "urb", "%u", x->urb);
	uvc_emit_num(e, "seq", "%" PRIu64, x->seq);
	uvc_emit_num(e, "complete_ns", "%" PRIu64, x->complete_ts);
	for (t = 0; t < UVC_T_COUNT; t++) {
		snprintf(key, sizeof(key), "%s_ns", uvc_timing_key[t]);
		if (x->t[t] == UVC_SAMPLE_NONE)
			uvc_emit_null(e, key);
		else
			uvc_emit_num(e, key, "%" PRIu64, x->t[t]);
	}
	uvc_emit_num(e, "bytes", "%" PRIu64, x->bytes);
	uvc_emit_end(e);
}

void uvc_render_samples_csv(struct buf *out, const struct uvc_trace_result *r,
			    const size_t *sel, size_t nsel, char *const *streams)
{
	const struct uvc_urb_sample none = { 0 };
	struct uvc_emit e;
	size_t i, j;

	uvc_emit_init(&e, out, UVC_OUT_CSV);
	for (i = 0; i < nsel; i++) {
		const struct uvc_trace_session *s = &r->s[sel[i]];

		for (j = 0; j < r->nsamples; j++) {
			if (r->samples[j].session != sel[i])
				continue;
			uvc_emit_begin(&e, NULL);
			emit_sample(&e, sel[i] + 1, streams[s->stream],
				    s->raw.has & UVC_HAS_MODE ? s->raw.mode : "", &r->samples[j]);
		}
	}
	if (!e.records) {	/* the header, even without rows */
		uvc_emit_begin_header(&e);
		emit_sample(&e, 0, "", "", &none);
	}
	uvc_emit_finish(&e);
}

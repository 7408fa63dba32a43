// SPDX-License-Identifier: GPL-2.0
/*
 * tracesamples.c - the per-URB samples of uvc_trace_pair_samples(): one
 * record per URB cycle, filled by tracepair.c as it pairs the intervals,
 * so the distribution of every interval can be drawn, not only its sums.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "buf.h"
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

void uvc_render_samples_csv(struct buf *out, const struct uvc_trace_result *r,
			    const size_t *sel, size_t nsel, char *const *streams)
{
	size_t i, j;
	int t;

	buf_puts(out, "session,stream,mode,urb,seq,complete_ns");
	for (t = 0; t < UVC_T_COUNT; t++)
		buf_printf(out, ",%s_ns", uvc_timing_key[t]);
	buf_puts(out, ",bytes\n");
	for (i = 0; i < nsel; i++) {
		const struct uvc_trace_session *s = &r->s[sel[i]];

		for (j = 0; j < r->nsamples; j++) {
			const struct uvc_urb_sample *x = &r->samples[j];

			if (x->session != sel[i])
				continue;
			buf_printf(out, "%zu,%s,%s,%u,%" PRIu64 ",%" PRIu64, sel[i] + 1,
				   streams[s->stream], s->raw.has & UVC_HAS_MODE ? s->raw.mode : "",
				   x->urb, x->seq, x->complete_ts);
			for (t = 0; t < UVC_T_COUNT; t++)
				if (x->t[t] == UVC_SAMPLE_NONE)
					buf_puts(out, ",");
				else
					buf_printf(out, ",%" PRIu64, x->t[t]);
			buf_printf(out, ",%" PRIu64 "\n", x->bytes);
		}
	}
}

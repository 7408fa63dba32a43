// SPDX-License-Identifier: GPL-2.0
/*
 * tracepair.c - uvcvideo trace events -> per-session URB statistics.
 * The rules are in tracepair.h. Pure: no I/O, no libtracecmd.
 */
#include <stdlib.h>
#include <string.h>

#include "tracepair.h"
#include "tracepair_state.h"
#include "urb_alloc_modes.h"

const char *const uvc_tev_name[UVC_EV_COUNT] = {
	"urb_complete", "sync_for_cpu_start", "sync_for_cpu_done", "decode_header",
	"copy_queued", "copy_start", "copy_done", "sync_for_device_start",
	"sync_for_device_done", "urb_submit", "lost events",
};

#define UVC_STREAM_FID	0x01
#define UVC_STREAM_ERR	0x40

static void add_sample(struct uvc_timing_raw *t, uint64_t d)
{
	if (!t->count || d < t->min_ns)
		t->min_ns = d;
	if (d > t->max_ns)
		t->max_ns = d;
	t->count++;
	t->sum_ns += d;
	t->sumsq_ns2 += d * d;
}

static struct stream_state *stream_get(struct pairing *p, unsigned int idx)
{
	struct stream_state *n;
	size_t i, want;

	if (idx < p->nst)
		return &p->st[idx];
	want = (size_t)idx + 1;
	n = realloc(p->st, want * sizeof(*n));
	if (!n)
		return NULL;
	for (i = p->nst; i < want; i++) {
		memset(&n[i], 0, sizeof(n[i]));
		n[i].cur = -1;
		n[i].mode = -1;
	}
	p->st = n;
	p->nst = want;
	return &p->st[idx];
}

static struct uvc_trace_session *session_new(struct pairing *p, struct stream_state *st,
					     unsigned int stream, const struct uvc_tev *e,
					     int clean)
{
	struct uvc_trace_result *r = p->out;
	struct uvc_trace_session *s;
	size_t i;

	if (r->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 8;

		s = realloc(r->s, cap * sizeof(*s));
		if (!s)
			return NULL;
		r->s = s;
		p->cap = cap;
	}
	s = &r->s[r->n];
	memset(s, 0, sizeof(*s));
	s->stream = stream;
	s->first_ts = e->ts;
	s->started_clean = clean;
	s->last_fid = -1;
	s->mode = e->mode;
	for (i = 0; i < UVC_TRACE_MAX_URBS; i++)
		sample_end(p, &st->u[i]);
	st->cur = (long)r->n++;
	st->mode = e->mode;
	memset(st->u, 0, sizeof(st->u));
	return s;
}

/* A submission that no completion started: STREAMON submits every URB once. */
static int is_initial_submission(const struct uvc_tev *e, const struct urb_state *u)
{
	if (e->type == UVC_EV_SYNC_DEVICE_START)
		return !u->active;
	return e->type == UVC_EV_URB_SUBMIT && !u->depth;	/* no sync event seen */
}

/* The session of E, starting one when E begins a stream. */
static struct uvc_trace_session *session_of(struct pairing *p, struct stream_state *st,
					    const struct uvc_tev *e, int *oom)
{
	struct uvc_trace_session *s = st->cur >= 0 ? &p->out->s[st->cur] : NULL;
	uint64_t bit = 1ull << e->urb;
	int mode_changed = s && e->mode >= 0 && st->mode >= 0 && e->mode != st->mode;

	if (is_initial_submission(e, &st->u[e->urb])) {
		if (!s || (s->initial_mask & bit) || mode_changed)
			s = session_new(p, st, e->stream, e, 1);
		if (s) {
			if (s->seen_mask & bit)
				s->started_clean = 0;	/* the URB ran before */
			s->initial_mask |= bit;
		}
	} else if (!s || mode_changed) {
		s = session_new(p, st, e->stream, e, 0);	/* joined mid-stream */
	}
	if (!s) {
		*oom = 1;
		return NULL;
	}
	if (st->mode < 0)
		st->mode = e->mode;
	if (s->mode < 0)
		s->mode = e->mode;
	s->seen_mask |= bit;
	s->last_ts = e->ts;
	return s;
}

static void stop_urb(struct uvc_trace_session *s, uint64_t bit, uint64_t ts)
{
	s->stop_mask |= bit;
	if (!s->stop_ts)
		s->stop_ts = ts;
}

static void decode_header(struct uvc_trace_session *s, const struct uvc_tev *e)
{
	int fid = e->flags & UVC_STREAM_FID;

	if (!s->decode_first_ts)
		s->decode_first_ts = e->ts;
	if (e->status < 0) {
		s->raw.invalid++;
		return;
	}
	/* like uvcvideo: a frame and its packets count when the next frame starts */
	if (s->last_fid >= 0 && fid != s->last_fid) {
		s->raw.frames++;
		s->raw.packets += s->frame_packets;
		s->raw.empty += s->frame_empty;
		s->raw.errors += s->frame_errors;
		s->frame_packets = s->frame_empty = s->frame_errors = 0;
	}
	s->last_fid = fid;
	s->frame_packets++;
	if (e->bytes == (uint32_t)e->status)
		s->frame_empty++;
	if (e->flags & UVC_STREAM_ERR)
		s->frame_errors++;
}

static void pair_one(struct pairing *p, struct stream_state *st, struct uvc_trace_session *s,
		     struct urb_state *u, const struct uvc_tev *e)
{
	struct uvc_timing_raw *t = s->raw.t;
	uint64_t bit = 1ull << e->urb;

	switch (e->type) {
	case UVC_EV_URB_COMPLETE:
		if (!(s->initial_mask & bit))
			s->started_clean = 0;
		if (u->active)
			s->unpaired++;	/* the previous completion never resubmitted */
		u->active = e->status == 0;
		u->header_done = u->in_copy = 0;
		u->complete_ts = e->ts;
		sample_end(p, u);
		if (e->status != 0)
			stop_urb(s, bit, e->ts);
		else
			sample_begin(p, st, s, u, e);
		if (u->cpu_held && e->status == 0) {
			add_sample(&t[UVC_T_SYNC_CPU], u->cpu_held_ns);
			sample_set(u, UVC_T_SYNC_CPU, u->cpu_held_ns);
		}
		u->cpu_held = 0;
		break;
	case UVC_EV_SYNC_CPU_START:
		u->in_cpu = 1;
		u->cpu_ts = e->ts;
		break;
	case UVC_EV_SYNC_CPU_DONE:
		if (u->in_cpu && !u->active) {
			/* before the completion: usbcore's (7.3) */
			u->cpu_held = 1;
			u->cpu_held_ns = e->ts - u->cpu_ts;
		} else if (u->in_cpu) {
			add_sample(&t[UVC_T_SYNC_CPU], e->ts - u->cpu_ts);
			sample_set(u, UVC_T_SYNC_CPU, e->ts - u->cpu_ts);
		} else {
			s->unpaired++;
		}
		u->in_cpu = 0;
		break;
	case UVC_EV_DECODE_HEADER:
		decode_header(s, e);
		break;
	case UVC_EV_COPY_QUEUED:
		if (u->active && !u->header_done) {
			add_sample(&t[UVC_T_HEADER], e->ts - u->complete_ts);
			sample_set(u, UVC_T_HEADER, e->ts - u->complete_ts);
			u->header_done = 1;
		} else {
			s->unpaired++;
		}
		break;
	case UVC_EV_COPY_START:
		if (u->active) {
			add_sample(&t[UVC_T_LATENCY], e->ts - u->complete_ts);
			sample_set(u, UVC_T_LATENCY, e->ts - u->complete_ts);
			u->in_copy = 1;
			u->copy_ts = e->ts;
		} else {
			s->unpaired++;
		}
		break;
	case UVC_EV_COPY_DONE:
		if (u->in_copy) {
			add_sample(&t[UVC_T_DECODE], e->ts - u->copy_ts);
			sample_set(u, UVC_T_DECODE, e->ts - u->copy_ts);
			s->raw.bytes += e->bytes;
			if (u->sampling)
				u->sample.bytes += e->bytes;
		} else {
			s->unpaired++;
		}
		u->in_copy = 0;
		break;
	case UVC_EV_SYNC_DEVICE_START:
		if (u->active && !u->header_done) {
			/* resubmitted from the handler: nothing to copy */
			add_sample(&t[UVC_T_HEADER], e->ts - u->complete_ts);
			sample_set(u, UVC_T_HEADER, e->ts - u->complete_ts);
			u->header_done = 1;
		}
		if (u->depth < SUBMIT_DEPTH)
			u->submit[u->depth++] = u->active ? u->complete_ts : SUBMIT_INITIAL;
		else
			s->unpaired++;
		u->active = 0;
		u->in_dev = 1;
		u->dev_ts = e->ts;
		break;
	case UVC_EV_SYNC_DEVICE_DONE:
		if (u->in_dev) {
			add_sample(&t[UVC_T_SYNC_DEVICE], e->ts - u->dev_ts);
			/* the URB interval ends where uvcvideo stops it: before
			 * usb_submit_urb(), which may complete the URB again */
			if (u->depth && u->submit[u->depth - 1] != SUBMIT_INITIAL) {
				add_sample(&t[UVC_T_URB], e->ts - u->submit[u->depth - 1]);
				if (u->sampling && u->sample.complete_ts == u->submit[u->depth - 1]) {
					sample_set(u, UVC_T_SYNC_DEVICE, e->ts - u->dev_ts);
					sample_set(u, UVC_T_URB, e->ts - u->submit[u->depth - 1]);
					sample_end(p, u);
				}
			}
		} else {
			s->unpaired++;
		}
		u->in_dev = 0;
		break;
	case UVC_EV_URB_SUBMIT:
		if (u->depth) {
			u->depth--;
		} else if (u->active) {
			/* no sync_for_device_start seen for it */
			s->unpaired++;
			u->active = 0;
		}
		if (e->status < 0)
			stop_urb(s, bit, e->ts);
		break;
	case UVC_EV_LOST:
	case UVC_EV_COUNT:
		break;
	}
}

static unsigned int popcount64(uint64_t x)
{
	unsigned int n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

static void session_finish(struct uvc_trace_session *s)
{
	int mode = s->mode;
	struct uvc_raw *raw = &s->raw;
	uint64_t end = s->stop_ts ? s->stop_ts : s->last_ts;
	int stopped = s->initial_mask && (s->stop_mask & s->initial_mask) == s->initial_mask;

	raw->version = 1;
	raw->has = UVC_HAS_SYNC_CPU | UVC_HAS_SYNC_DEVICE;
	if (urb_alloc_mode_name(mode)) {
		strcpy(raw->mode, urb_alloc_mode_name(mode));
		raw->has |= UVC_HAS_MODE;
	}
	raw->streaming = !stopped;
	raw->sof_min = 2048;	/* uvcvideo's initial values: no SCR in the events */
	raw->duration_ns = s->decode_first_ts && end > s->decode_first_ts ?
			   end - s->decode_first_ts : 0;
	s->stopped = stopped;
	s->urbs = popcount64(s->initial_mask | s->seen_mask);
	s->whole = s->started_clean && stopped && !s->lost &&
		   !(s->seen_mask & ~s->initial_mask);
}

static int pair(const struct uvc_tev *ev, size_t n, struct uvc_trace_result *out,
		int want_samples)
{
	struct pairing p = { .out = out, .want_samples = want_samples };
	int oom = 0;
	size_t i, j;

	memset(out, 0, sizeof(*out));
	out->events = n;
	for (i = 0; i < n && !oom; i++) {
		const struct uvc_tev *e = &ev[i];
		struct uvc_trace_session *s;
		struct stream_state *st;

		if (e->type == UVC_EV_LOST) {
			out->lost++;
			for (j = 0; j < p.nst; j++)
				if (p.st[j].cur >= 0)
					out->s[p.st[j].cur].lost = 1;
			continue;
		}
		if (e->type >= UVC_EV_COUNT || e->urb >= UVC_TRACE_MAX_URBS ||
		    e->stream >= UVC_TRACE_MAX_STREAMS) {
			out->ignored++;
			continue;
		}
		st = stream_get(&p, e->stream);
		if (!st) {
			oom = 1;
			break;
		}
		s = session_of(&p, st, e, &oom);
		if (s)
			pair_one(&p, st, s, &st->u[e->urb], e);
		oom |= p.oom;
	}
	for (j = 0; j < p.nst && !oom; j++)
		for (i = 0; i < UVC_TRACE_MAX_URBS; i++)
			sample_end(&p, &p.st[j].u[i]);
	oom |= p.oom;
	free(p.st);
	if (oom) {
		uvc_trace_result_free(out);
		return -1;
	}
	for (j = 0; j < out->n; j++)
		session_finish(&out->s[j]);
	samples_sort(out);
	return 0;
}

int uvc_trace_pair(const struct uvc_tev *ev, size_t n, struct uvc_trace_result *out)
{
	return pair(ev, n, out, 0);
}

int uvc_trace_pair_samples(const struct uvc_tev *ev, size_t n, struct uvc_trace_result *out)
{
	return pair(ev, n, out, 1);
}

void uvc_trace_result_free(struct uvc_trace_result *r)
{
	free(r->samples);
	free(r->s);
	memset(r, 0, sizeof(*r));
}

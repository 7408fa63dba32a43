/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracepair_state.h - the pairing's working state, private to tracepair.c
 * and tracesamples.c (the per-URB samples it keeps on request).
 */
#ifndef UVCSTAT_TRACEPAIR_STATE_H
#define UVCSTAT_TRACEPAIR_STATE_H

#include <stdint.h>

#include "tracepair.h"

#define SUBMIT_DEPTH 8
#define SUBMIT_INITIAL UINT64_MAX	/* a pending initial submission */

/*
 * Where one URB is in its cycle. Submissions nest: a host controller may
 * give a URB back from inside usb_submit_urb() (dummy_hcd does), so the
 * completion handler of the next cycle, and even its own resubmission,
 * runs between sync_for_device_done and urb_submit. Pending submissions
 * are therefore a stack: sync_for_device_start pushes, urb_submit pops.
 */
struct urb_state {
	int active;		/* completed with status 0, resubmission not started */
	int header_done;	/* the header interval of this completion is timed */
	int in_copy;		/* copy_start seen, copy_done not yet */
	int in_cpu, in_dev;	/* sync start seen, done not yet */
	/* a sync for the CPU done before its completion (usbcore's, in the
	 * giveback: 7.3), held until the completion says whether uvcvideo
	 * accounts it: not for an URB that completed with an error */
	int cpu_held;
	uint64_t cpu_held_ns;
	uint64_t complete_ts, copy_ts, cpu_ts, dev_ts;
	unsigned int depth;	/* pending submissions */
	uint64_t submit[SUBMIT_DEPTH];	/* their completion times, or SUBMIT_INITIAL */
	int sampling;		/* @sample is the current completion's cycle */
	struct uvc_urb_sample sample;
};

struct stream_state {
	long cur;		/* current session, -1 none */
	int mode;		/* its mode, -1 unknown */
	struct urb_state u[UVC_TRACE_MAX_URBS];
};

struct pairing {
	struct uvc_trace_result *out;
	struct stream_state *st;
	size_t nst;
	size_t cap;		/* of out->s */
	int want_samples;
	size_t samples_cap;	/* of out->samples */
	int oom;
};

/* tracesamples.c: one URB cycle's sample, from its completion to its end */
void sample_begin(struct pairing *p, struct stream_state *st,
		  struct uvc_trace_session *s, struct urb_state *u, const struct uvc_tev *e);
void sample_set(struct urb_state *u, enum uvc_timing_id id, uint64_t d);
void sample_end(struct pairing *p, struct urb_state *u);
void samples_sort(struct uvc_trace_result *r);

#endif

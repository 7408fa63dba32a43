/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracepair.h - the URB timing statistics from uvcvideo trace events.
 *
 * A pure function over an array of time-ordered event records (no I/O, no
 * libtracecmd): trace_read.c turns a trace.dat into such an array, the unit
 * tests build them by hand. The pairing follows patches/README.md and the
 * places where patch 0004 takes its timestamps (uvc_video.c):
 *
 *   interval     starts at (same stream and URB)  ends at
 *   URB          urb_complete (status 0)          the sync_for_device_done of
 *                                                 its resubmission (uvcvideo
 *                                                 stops that clock before
 *                                                 usb_submit_urb(), which may
 *                                                 complete the URB again)
 *   header       urb_complete (status 0)          copy_queued, or, when the
 *                                                 handler resubmits at once
 *                                                 (nothing to copy), the
 *                                                 sync_for_device_start of
 *                                                 that resubmission
 *   latency      urb_complete (status 0)          copy_start
 *   decode       copy_start                       copy_done (bytes += bytes)
 *   sync_cpu     sync_for_cpu_start               sync_for_cpu_done
 *   sync_device  sync_for_device_start            sync_for_device_done
 *
 * Sessions. The kernel resets its statistics at every STREAMON, and the
 * trace has no STREAMON event, so the events of a stream are cut into
 * sessions: a submission of a URB that has no completion pending is an
 * initial submission (STREAMON submits every URB once); the initial
 * submission of a URB already initially submitted in the current session,
 * or a change of allocation mode, starts a new session.
 *
 * A session is "whole" (it covers the stream from STREAMON to STREAMOFF,
 * so its counts must equal the kernel's) when every one of its URBs was
 * initially submitted before its first completion, every one of them
 * ended (a completion with a non-zero status: usb_poison_urb() at
 * STREAMOFF, or a failed resubmission), and no event was lost.
 */
#ifndef UVCSTAT_TRACEPAIR_H
#define UVCSTAT_TRACEPAIR_H

#include <stddef.h>
#include <stdint.h>

#include "report.h"
#include "urb_alloc_modes.h"	/* the allocation modes, enum urb_alloc_mode */

/* The uvcvideo events the pairing uses (uvcvideo_<name>). */
enum uvc_tev_type {
	UVC_EV_URB_COMPLETE,
	UVC_EV_SYNC_CPU_START,
	UVC_EV_SYNC_CPU_DONE,
	UVC_EV_DECODE_HEADER,
	UVC_EV_COPY_QUEUED,
	UVC_EV_COPY_START,
	UVC_EV_COPY_DONE,
	UVC_EV_SYNC_DEVICE_START,
	UVC_EV_SYNC_DEVICE_DONE,
	UVC_EV_URB_SUBMIT,
	UVC_EV_LOST,		/* the trace lost events here (any stream) */
	UVC_EV_COUNT
};

extern const char *const uvc_tev_name[UVC_EV_COUNT];	/* "urb_complete", ... */

/**
 * struct uvc_tev - one trace event record
 * @ts: timestamp, ns (non-decreasing along the array)
 * @type: which event
 * @stream: the stream, as an index into the caller's table of names
 * @urb: the URB index
 * @mode: allocation mode, enum urb_alloc_mode (urb_alloc_modes.h); -1 if unknown
 * @status: urb_complete: status; urb_submit: ret; decode_header: header_len
 * @bytes: copy_*: bytes; decode_header: len (payload bytes)
 * @flags: decode_header: bmHeaderInfo
 */
struct uvc_tev {
	uint64_t ts;
	enum uvc_tev_type type;
	unsigned int stream;
	unsigned int urb;
	int mode;
	int32_t status;
	uint32_t bytes;
	uint8_t flags;
};

#define UVC_TRACE_MAX_URBS 64	/* larger URB indices are counted as ignored */
#define UVC_TRACE_MAX_STREAMS 4096	/* so are larger stream indices */

/**
 * struct uvc_trace_session - one STREAMON..STREAMOFF of one stream
 * @raw: the statistics, as stats_raw would give them: the six timings,
 *	bytes and duration_ns (first decode_header to the first stop) from the
 *	events; frames, packets, empty, errors and invalid estimated from
 *	decode_header as uvcvideo counts them (a frame and its packets count
 *	when the FID toggles); pts, scr, sof as uvcvideo's initial values
 *	(not in the events)
 * @stream: index of the stream's name
 * @first_ts, @last_ts: first and last event of the session, ns
 * @whole: the session covers the whole stream (see above)
 * @urbs: URBs seen
 * @unpaired: ends of intervals whose start was not seen
 */
struct uvc_trace_session {
	struct uvc_raw raw;
	unsigned int stream;
	uint64_t first_ts, last_ts;
	int whole;
	unsigned int urbs;
	uint64_t unpaired;
	/* pairing state, private to tracepair.c */
	int mode, started_clean, lost, stopped;
	uint64_t initial_mask, stop_mask, seen_mask;
	uint64_t decode_first_ts, stop_ts;
	int last_fid;
	uint64_t frame_packets, frame_empty, frame_errors;
	uint64_t completions;
};

/**
 * struct uvc_urb_sample - one URB cycle: a completion with status 0 and the
 *	intervals that belong to it (as tracepair.h's table pairs them)
 * @session: index of its session in &uvc_trace_result.s
 * @urb: the URB index
 * @seq: the n-th completion with status 0 of the session, from 0
 * @complete_ts: timestamp of the completion, ns
 * @t: the intervals, ns, indexed by enum uvc_timing_id;
 *	UVC_SAMPLE_NONE where the trace does not show it (the copy work of a
 *	URB with nothing to copy, a cycle the stream's end cut short)
 * @bytes: bytes the copy work copied
 */
struct uvc_urb_sample {
	size_t session;
	unsigned int urb;
	uint64_t seq;
	uint64_t complete_ts;
	uint64_t t[UVC_T_COUNT];
	uint64_t bytes;
};

#define UVC_SAMPLE_NONE UINT64_MAX

struct uvc_trace_result {
	struct uvc_trace_session *s;
	size_t n;
	struct uvc_urb_sample *samples;	/* uvc_trace_pair_samples() only, */
	size_t nsamples;		/* by session, then completion time */
	uint64_t events;	/* records given */
	uint64_t ignored;	/* records outside any session or with a bad URB index */
	uint64_t lost;		/* UVC_EV_LOST records */
};

/*
 * Pairs N records of EV (time order) into sessions, in order of their
 * first event. Returns 0, or -1 when out of memory. Free with
 * uvc_trace_result_free().
 */
int uvc_trace_pair(const struct uvc_tev *ev, size_t n, struct uvc_trace_result *out);
/* The same, also keeping every URB cycle in out->samples. */
int uvc_trace_pair_samples(const struct uvc_tev *ev, size_t n, struct uvc_trace_result *out);
void uvc_trace_result_free(struct uvc_trace_result *r);

struct buf;
/*
 * The samples of the sessions SEL (NSEL indices into r->s) as CSV, header
 * first: session (1-based), stream (STREAMS[] names), mode, urb, seq,
 * complete_ns, one <interval>_ns column per enum uvc_timing_id (empty
 * where not observed), bytes.
 */
void uvc_render_samples_csv(struct buf *out, const struct uvc_trace_result *r,
			    const size_t *sel, size_t nsel, char *const *streams);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crosscheck.h - trace-derived statistics against debugfs stats_raw.
 *
 * Rules (uvcstat(1), README.md):
 *  - counts of the six intervals and bytes: equal, when the trace covers
 *    the whole stream (a session that is "whole", tracepair.h); otherwise
 *    shown, not judged;
 *  - "avg-max": the average without the largest sample, (sum - max) /
 *    (count - 1), of each interval: within REL (default 10 %) of the
 *    stats_raw one, or within ABS ns (default 25000 ns), whichever is
 *    larger. uvcvideo reads its clock outside the trace events, so its
 *    intervals also hold the cost of those events (about 1.5 us each in
 *    a TCG guest: the minimums differ by that much) and whatever lands
 *    there: an interrupt (a dummy_hcd giveback runs a whole completion
 *    handler), or a stall of the guest (a vCPU that the loaded host does
 *    not run for tens of milliseconds). One such stall moves a plain
 *    average by tens of microseconds and shows as the max of one side
 *    only, hence the largest sample left out. In the TCG lab: intervals
 *    of milliseconds agree within 2 %, those of a few microseconds
 *    differ by 1 to 20 us;
 *  - plain average, std, min, max, frames, packets, duration: shown only.
 * Pure: no I/O.
 */
#ifndef UVCSTAT_CROSSCHECK_H
#define UVCSTAT_CROSSCHECK_H

#include "buf.h"
#include "report.h"

#define UVC_XCHECK_REL_DEFAULT	10.0	/* percent */
#define UVC_XCHECK_ABS_DEFAULT	25000	/* ns */

struct uvc_xcheck_opts {
	double rel_pct;		/* relative tolerance of averages, percent */
	u64 abs_ns;		/* absolute tolerance of averages, ns */
	int whole;		/* the trace covers the whole stream: counts are judged */
};

struct uvc_xcheck_result {
	unsigned int checked;	/* judged figures */
	unsigned int failed;	/* of those, outside tolerance */
};

/* Appends the table to OUT; fills RES. TRACE and STATS must both have the sync groups
 * (or both not). */
void uvc_crosscheck(struct buf *out, const struct uvc_raw *trace, const struct uvc_raw *stats,
		    const struct uvc_xcheck_opts *o, struct uvc_xcheck_result *res);

/* (sum - max) / (count - 1): the average without the largest sample. */
u64 uvc_xcheck_trimmed_avg_ns(const struct uvc_timing_raw *t);

/* Is AVG_TRACE within tolerance of AVG_STATS? */
int uvc_xcheck_avg_ok(u64 avg_trace, u64 avg_stats, const struct uvc_xcheck_opts *o);

#endif

// SPDX-License-Identifier: GPL-2.0
/* crosscheck.c - trace-derived statistics against stats_raw (crosscheck.h). */
#include <inttypes.h>
#include <stdio.h>

#include "crosscheck.h"
#include "derive.h"
#include "render.h"

int uvc_xcheck_avg_ok(u64 avg_trace, u64 avg_stats, const struct uvc_xcheck_opts *o)
{
	u64 diff = avg_trace > avg_stats ? avg_trace - avg_stats : avg_stats - avg_trace;

	if (diff <= o->abs_ns)
		return 1;
	return (double)diff * 100.0 <= o->rel_pct * (double)avg_stats;
}

/* "+1.25%", "-0.50%", "0", "n/a" */
static void rel_diff(char *dst, size_t size, u64 a, u64 b)
{
	if (a == b)
		snprintf(dst, size, "0");
	else if (!b)
		snprintf(dst, size, "n/a");
	else
		snprintf(dst, size, "%+.2f%%", ((double)a - (double)b) * 100.0 / (double)b);
}

static void row_count(struct buf *out, const char *what, u64 a, u64 b, int judged,
		      struct uvc_xcheck_result *res)
{
	char d[32];
	const char *verdict = "info";

	rel_diff(d, sizeof(d), a, b);
	if (judged) {
		res->checked++;
		verdict = a == b ? "ok" : "FAIL";
		res->failed += a != b;
	}
	buf_printf(out, "%-32s %14" PRIu64 " %14" PRIu64 " %11s  %s\n", what, a, b, d, verdict);
}

static void row_us(struct buf *out, const char *what, u64 a_ns, u64 b_ns, int judged,
		   const struct uvc_xcheck_opts *o, struct uvc_xcheck_result *res)
{
	char d[32], sa[32], sb[32];
	const char *verdict = "info";
	int ok;

	rel_diff(d, sizeof(d), a_ns, b_ns);
	uvc_format_us(sa, sizeof(sa), a_ns);
	uvc_format_us(sb, sizeof(sb), b_ns);
	if (judged) {
		ok = uvc_xcheck_avg_ok(a_ns, b_ns, o);
		res->checked++;
		res->failed += !ok;
		verdict = ok ? "ok" : "FAIL";
	}
	buf_printf(out, "%-32s %14s %14s %11s  %s\n", what, sa, sb, d, verdict);
}

/* The average without the largest sample (one stall of the guest). */
u64 uvc_xcheck_trimmed_avg_ns(const struct uvc_timing_raw *t)
{
	if (t->count < 2)
		return uvc_stat_avg_ns(t->sum_ns, t->count);
	return (t->sum_ns - t->max_ns) / (t->count - 1);
}

static int has_timing(const struct uvc_raw *r, unsigned int i)
{
	if (i == UVC_T_SYNC_CPU)
		return !!(r->has & UVC_HAS_SYNC_CPU);
	if (i == UVC_T_SYNC_DEVICE)
		return !!(r->has & UVC_HAS_SYNC_DEVICE);
	return 1;
}

void uvc_crosscheck(struct buf *out, const struct uvc_raw *trace, const struct uvc_raw *stats,
		    const struct uvc_xcheck_opts *o, struct uvc_xcheck_result *res)
{
	char what[48], tol[32];
	unsigned int i;

	res->checked = res->failed = 0;
	uvc_format_us(tol, sizeof(tol), o->abs_ns);
	buf_printf(out, "tolerance: counts and bytes exact%s; averages without the largest sample (\"avg w/o max\") "
		   "within %.1f%% or %s us; the rest shown only\n",
		   o->whole ? "" : " (not judged: the trace does not cover the whole stream)",
		   o->rel_pct, tol);
	buf_printf(out, "%-32s %14s %14s %11s  %s\n", "figure", "trace", "stats_raw",
		   "difference", "verdict");
	for (i = 0; i < UVC_T_COUNT; i++) {
		const struct uvc_timing_raw *a = &trace->t[i], *b = &stats->t[i];

		if (!has_timing(trace, i) || !has_timing(stats, i))
			continue;
		snprintf(what, sizeof(what), "%s count", uvc_timing_label[i]);
		row_count(out, what, a->count, b->count, o->whole, res);
		snprintf(what, sizeof(what), "%s avg (us)", uvc_timing_label[i]);
		row_us(out, what, uvc_stat_avg_ns(a->sum_ns, a->count),
		       uvc_stat_avg_ns(b->sum_ns, b->count), 0, o, res);
		snprintf(what, sizeof(what), "%s avg w/o max (us)", uvc_timing_label[i]);
		row_us(out, what, uvc_xcheck_trimmed_avg_ns(a), uvc_xcheck_trimmed_avg_ns(b),
		       a->count || b->count, o, res);
		snprintf(what, sizeof(what), "%s std (us)", uvc_timing_label[i]);
		row_us(out, what, uvc_stat_std_ns(a->sum_ns, a->sumsq_ns2, a->count),
		       uvc_stat_std_ns(b->sum_ns, b->sumsq_ns2, b->count), 0, o, res);
		snprintf(what, sizeof(what), "%s min (us)", uvc_timing_label[i]);
		row_us(out, what, a->count ? a->min_ns : 0, b->count ? b->min_ns : 0, 0, o, res);
		snprintf(what, sizeof(what), "%s max (us)", uvc_timing_label[i]);
		row_us(out, what, a->count ? a->max_ns : 0, b->count ? b->max_ns : 0, 0, o, res);
	}
	row_count(out, "bytes", trace->bytes, stats->bytes, o->whole, res);
	row_count(out, "frames", trace->frames, stats->frames, 0, res);
	row_count(out, "packets", trace->packets, stats->packets, 0, res);
	row_count(out, "duration (ms)", trace->duration_ns / 1000000, stats->duration_ns / 1000000, 0, res);
	buf_printf(out, "result: %s: %u figures judged, %u outside tolerance\n",
		   res->failed ? "MISMATCH" : "ok", res->checked, res->failed);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * reconstruct.c - raw figures consistent with a printed block.
 *
 * Each printed number is a truncation, so it bounds a raw figure to a
 * range; the smallest value in the intersection of the ranges is taken:
 *   sum_ns    in [T * 1000, T * 1000 + 999] and [A * Q, A * Q + Q - 1]
 *   sumsq_ns2 = Q * (S^2 + S + A^2)   so sumsq / Q - A^2 is in [S^2, (S+1)^2)
 *             (legacy: A^2 mod 2^32 instead of A^2)
 *   duration_ns = duration_ms * 1000000
 * then the block is derived again from those figures and must come out
 * identical: the figures printed from them are the block.
 */
#include <stdio.h>
#include <string.h>

#include "derive.h"
#include "reconstruct.h"

#define U64_MAX_VAL 0xffffffffffffffffULL

static int mul_ok(u64 a, u64 b, u64 *res)
{
	if (a && b > U64_MAX_VAL / a)
		return 0;
	*res = a * b;
	return 1;
}

static int fail(struct uvc_parse_error *err, unsigned int line, const char *msg, const char *what)
{
	err->line = line;
	snprintf(err->msg, sizeof(err->msg), msg, what);
	return -1;
}

static int timing_raw(const struct uvc_timing_line *t, int legacy, struct uvc_timing_raw *o)
{
	u64 lo, hi, aq, sq, avg2, v;

	memset(o, 0, sizeof(*o));
	if (t->count == 0)
		return t->total_us || t->avg_ns || t->std_ns || t->min_ns || t->max_ns ? -1 : 0;
	if (!mul_ok(t->avg_ns, t->count, &aq) || aq > U64_MAX_VAL - t->count ||
	    !mul_ok(t->total_us, 1000, &lo) || lo > U64_MAX_VAL - 999)
		return -1;
	hi = lo + 999;
	if (aq > lo)
		lo = aq;
	if (aq + t->count - 1 < hi)
		hi = aq + t->count - 1;
	if (lo > hi)
		return -1;
	o->sum_ns = lo;
	/* S^2 + S + A^2: the middle of the range that prints S. */
	if (t->avg_ns > 0xffffffffULL || t->std_ns > 0xffffffffULL)
		return -1;
	avg2 = t->avg_ns * t->avg_ns;
	if (legacy) {
		avg2 &= 0xffffffffULL;
		if (t->std_ns * t->std_ns + t->std_ns + avg2 < t->avg_ns * t->avg_ns)
			return -1;	/* would need a negative true variance */
	}
	sq = t->std_ns * t->std_ns + t->std_ns;
	if (sq > U64_MAX_VAL - avg2)
		return -1;
	v = sq + avg2;
	if (!mul_ok(v, t->count, &o->sumsq_ns2))
		return -1;
	o->count = t->count;
	o->min_ns = t->min_ns;
	o->max_ns = t->max_ns;
	return 0;
}

/* Speeds compare as printed: three decimals of their unit. */
static int same_speed(u64 a, u64 b)
{
	u64 ia, fa, ib, fb;
	unsigned int ua, ub;

	uvc_speed_split(a, &ia, &fa, &ua);
	uvc_speed_split(b, &ib, &fb, &ub);
	return ia == ib && fa == fb && ua == ub;
}

static const char *const line_name[UVC_L_COUNT] = {
	"frames:", "packets:", "empty:", "errors:", "invalid:", "pts:", "scr:", "sof:",
	"bytes", "FPS:", "URB:", "header:", "latency:", "decode:", "raw decode speed:",
	"raw URB handling speed:", "throughput:", "URB decode CPU usage",
	"sync for cpu:", "sync for device:", "URB allocation:",
};

static int timing_line_id(unsigned int i)
{
	static const int id[UVC_T_COUNT] = {
		UVC_L_URB, UVC_L_HEADER, UVC_L_LATENCY, UVC_L_DECODE, UVC_L_SYNC_CPU, UVC_L_SYNC_DEVICE,
	};
	return id[i];
}

int uvc_reconstruct(const struct uvc_report *r, int legacy_std, struct uvc_raw *raw,
		    struct uvc_parse_error *err)
{
	const struct uvc_printed *p = &r->p;
	struct uvc_printed check;
	unsigned int i, bad = UVC_L_COUNT;

	memset(err, 0, sizeof(*err));
	if (r->has_raw) {
		*raw = r->raw;
		return 0;
	}
	memset(raw, 0, sizeof(*raw));
	raw->version = 1;
	raw->has = p->has;
	memcpy(raw->mode, p->mode, sizeof(raw->mode));
	raw->frames = p->frames;
	raw->packets = p->packets;
	raw->empty = p->empty;
	raw->errors = p->errors;
	raw->invalid = p->invalid;
	raw->pts_early = p->pts_early;
	raw->pts_initial = p->pts_initial;
	raw->pts_ok = p->pts_ok;
	raw->scr_count_ok = p->scr_count_ok;
	raw->scr_diff_ok = p->scr_diff_ok;
	raw->sof_min = p->sof_min;
	raw->sof_max = p->sof_max;
	raw->sof_freq_hz = p->sof_freq_hz;
	raw->bytes = p->bytes;
	if (!mul_ok(p->duration_ms, 1000000, &raw->duration_ns))
		return fail(err, r->line[UVC_L_BYTES], "the '%s' line's duration is out of range", "bytes");
	for (i = 0; i < UVC_T_COUNT; i++) {
		int id = timing_line_id(i);

		if (id == UVC_L_SYNC_CPU && !(p->has & UVC_HAS_SYNC_CPU))
			continue;
		if (id == UVC_L_SYNC_DEVICE && !(p->has & UVC_HAS_SYNC_DEVICE))
			continue;
		if (timing_raw(&p->t[i], legacy_std, &raw->t[i]))
			return fail(err, r->line[id],
				    "no raw figures print this '%s' line: its total, count, average and std disagree",
				    line_name[id]);
	}

	/* Derive again: every printed figure must come out the same. */
	uvc_derive(raw, legacy_std, &check);
	if (check.empty_pct != p->empty_pct)
		bad = UVC_L_EMPTY;
	else if (check.fps_x100 != p->fps_x100)
		bad = UVC_L_FPS;
	for (i = 0; i < UVC_T_COUNT && bad == UVC_L_COUNT; i++)
		if (memcmp(&check.t[i], &p->t[i], sizeof(p->t[i])))
			bad = (unsigned int)timing_line_id(i);
	for (i = 0; i < UVC_S_COUNT && bad == UVC_L_COUNT; i++)
		if (!same_speed(check.speed_bps[i], p->speed_bps[i]))
			bad = UVC_L_SPEED_DECODE + i;
	if (bad == UVC_L_COUNT && check.cpu_upct != p->cpu_upct)
		bad = UVC_L_CPU;
	if (bad != UVC_L_COUNT)
		return fail(err, r->line[bad],
			    "the '%s' line does not follow from the other figures (rules in FORMAT.md)",
			    line_name[bad]);
	return 0;
}

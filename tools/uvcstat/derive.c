// SPDX-License-Identifier: GPL-2.0
/*
 * derive.c - the exact-format engine: raw figures -> printed figures.
 *
 * Everything here is integer arithmetic on u64 that the kernel can do
 * identically (no floats, no u128, no libc): the kernel side ports these
 * functions to print the same `stats` text. FORMAT.md states the rules;
 * the two blocks published with Linux commit 20e1dbf2bbe2 are reproduced
 * byte for byte from raw figures by the tests.
 */
#include "derive.h"

#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_MSEC	1000000ULL
#define U32_MAX_VAL	0xffffffffULL

/* ---- Integer helpers ---- */

/*
 * uvc_isqrt64 - floor(sqrt(x)) for any u64, bit by bit (the algorithm of
 * the kernel's int_sqrt64(), which a kernel port may call instead).
 */
u64 uvc_isqrt64(u64 x)
{
	u64 m = 1ULL << 62, y = 0, b;

	while (m > x)
		m >>= 2;
	while (m != 0) {
		b = y + m;
		y >>= 1;
		if (x >= b) {
			x -= b;
			y += m;
		}
		m >>= 2;
	}
	return y;
}

/*
 * uvc_muldiv64 - floor(a * mul / div) without a 128-bit product:
 * a = q * div + r, so a * mul / div = q * mul + r * mul / div exactly.
 * Exact while q * mul and (div - 1) * mul fit in 64 bits (callers use
 * mul <= 100000, so div up to 1.8e14 and a / div up to 1.8e14).
 * div == 0 gives 0.
 */
u64 uvc_muldiv64(u64 a, u64 mul, u64 div)
{
	if (div == 0)
		return 0;
	return (a / div) * mul + (a % div) * mul / div;
}

/* ---- Timing lines: "NAME: T/Q uS/qty: A avg S std MIN min MAX max (uS)" ---- */

/* A = sum / count, truncated, in ns (0 when there is no sample). */
u64 uvc_stat_avg_ns(u64 sum_ns, u64 count)
{
	return count ? sum_ns / count : 0;
}

/*
 * S = floor(sqrt(sumsq / count - A * A)), ns: the population standard
 * deviation (divides by count, not count - 1), with A the truncated
 * average and sumsq / count truncated. For consistent figures
 * sumsq / count >= A * A; inconsistent ones (a corrupt file) give 0
 * instead of wrapping. A * A is a 64-bit product: it cannot overflow
 * for A < 2^32 ns (4.29 s); beyond that sumsq itself would have
 * overflowed, so the figures are inconsistent and S is 0.
 */
u64 uvc_stat_std_ns(u64 sum_ns, u64 sumsq_ns2, u64 count)
{
	u64 avg = uvc_stat_avg_ns(sum_ns, count), msq, avg2;

	if (count == 0 || avg > U32_MAX_VAL)
		return 0;
	msq = sumsq_ns2 / count;
	avg2 = avg * avg;
	return msq > avg2 ? uvc_isqrt64(msq - avg2) : 0;
}

/*
 * The defective computation of the original TEST-ONLY patch, for
 * reproducing blocks it printed: A * A was computed in 32 bits, so it
 * wrapped modulo 2^32 once A exceeded 65535 ns (65.535 us), and the
 * 64-bit subtraction went on with the wrapped value. Never use it to
 * print new figures.
 */
u64 uvc_stat_std_ns_legacy(u64 sum_ns, u64 sumsq_ns2, u64 count)
{
	u64 avg = uvc_stat_avg_ns(sum_ns, count), avg2;

	if (count == 0)
		return 0;
	avg2 = (avg * avg) & U32_MAX_VAL;	/* u32 product */
	return uvc_isqrt64(sumsq_ns2 / count - avg2);	/* u64, wraps like the original */
}

/*
 * One timing line. T = sum / 1000 truncated (us); A, S, MIN, MAX in ns,
 * printed as us with "%llu.%03llu" (ns / 1000, ns % 1000). MIN and MAX
 * are printed as 0 when there is no sample.
 */
void uvc_timing_derive(const struct uvc_timing_raw *t, int legacy_std,
		       struct uvc_timing_line *out)
{
	out->total_us = t->sum_ns / NSEC_PER_USEC;
	out->count = t->count;
	out->avg_ns = uvc_stat_avg_ns(t->sum_ns, t->count);
	out->std_ns = legacy_std ?
		uvc_stat_std_ns_legacy(t->sum_ns, t->sumsq_ns2, t->count) :
		uvc_stat_std_ns(t->sum_ns, t->sumsq_ns2, t->count);
	out->min_ns = t->count ? t->min_ns : 0;
	out->max_ns = t->count ? t->max_ns : 0;
}

/* ---- Stream lines ---- */

/* "empty:   E (P %)": P = empty * 100 / packets, truncated; 0 without packets. */
u64 uvc_empty_pct(u64 empty, u64 packets)
{
	return uvc_muldiv64(empty, 100, packets);
}

/* "FPS: %llu.%02llu": frames * 100000 / duration_ms truncated = FPS * 100. */
u64 uvc_fps_x100(u64 frames, u64 duration_ms)
{
	return uvc_muldiv64(frames, 100000, duration_ms);
}

/*
 * Speeds, bits per second: bytes * 8 * 1000 / ms, truncated, where ms is
 * a whole number of milliseconds (truncated: decode and URB totals as
 * sum_ns / 1000000, the stream duration as duration_ms). 0 when ms is 0.
 */
u64 uvc_speed_bps(u64 bytes, u64 ms)
{
	return uvc_muldiv64(bytes, 8000, ms);
}

const char *const uvc_speed_unit[3] = { "kbits/s", "Mbits/s", "Gbits/s" };

/*
 * Decimal units, three decimals, truncated: >= 1e9 bit/s in Gbits/s,
 * >= 1e6 in Mbits/s, below in kbits/s.
 */
void uvc_speed_split(u64 bps, u64 *ipart, u64 *frac3, unsigned int *unit)
{
	u64 div;

	if (bps >= 1000000000ULL) {
		*unit = 2;
		div = 1000000000ULL;
	} else if (bps >= 1000000ULL) {
		*unit = 1;
		div = 1000000ULL;
	} else {
		*unit = 0;
		div = 1000ULL;
	}
	*ipart = bps / div;
	*frac3 = bps % div / (div / 1000);
}

/*
 * "URB decode CPU usage %llu.%06llu %": the decode total in whole us,
 * times 1000, divided by the duration in ms (truncated: units of 1e-4 %),
 * then times 100 (units of 1e-6 %, so the last two digits are always 0:
 * the original's precision, kept for byte-exact output).
 */
u64 uvc_cpu_upct(u64 decode_sum_ns, u64 duration_ms)
{
	return uvc_muldiv64(decode_sum_ns / NSEC_PER_USEC, 1000, duration_ms) * 100;
}

/* ---- The whole block ---- */

static void uvc_copy_mode(char *dst, const char *src)
{
	unsigned int i;

	for (i = 0; i + 1 < UVC_MODE_MAX && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

void uvc_derive(const struct uvc_raw *raw, int legacy_std, struct uvc_printed *p)
{
	u64 duration_ms = raw->duration_ns / NSEC_PER_MSEC;
	unsigned int i;

	p->frames = raw->frames;
	p->packets = raw->packets;
	p->empty = raw->empty;
	p->empty_pct = uvc_empty_pct(raw->empty, raw->packets);
	p->errors = raw->errors;
	p->invalid = raw->invalid;
	p->pts_early = raw->pts_early;
	p->pts_initial = raw->pts_initial;
	p->pts_ok = raw->pts_ok;
	p->scr_count_ok = raw->scr_count_ok;
	p->scr_diff_ok = raw->scr_diff_ok;
	p->sof_min = raw->sof_min;
	p->sof_max = raw->sof_max;
	p->sof_freq_hz = raw->sof_freq_hz;
	p->bytes = raw->bytes;
	p->duration_ms = duration_ms;
	p->fps_x100 = uvc_fps_x100(raw->frames, duration_ms);
	for (i = 0; i < UVC_T_COUNT; i++)
		uvc_timing_derive(&raw->t[i], legacy_std, &p->t[i]);
	p->speed_bps[UVC_S_DECODE] =
		uvc_speed_bps(raw->bytes, raw->t[UVC_T_DECODE].sum_ns / NSEC_PER_MSEC);
	p->speed_bps[UVC_S_URB] =
		uvc_speed_bps(raw->bytes, raw->t[UVC_T_URB].sum_ns / NSEC_PER_MSEC);
	p->speed_bps[UVC_S_THROUGHPUT] = uvc_speed_bps(raw->bytes, duration_ms);
	p->cpu_upct = uvc_cpu_upct(raw->t[UVC_T_DECODE].sum_ns, duration_ms);
	p->has = raw->has;
	if (raw->has & UVC_HAS_MODE)
		uvc_copy_mode(p->mode, raw->mode);
	else
		p->mode[0] = '\0';
}

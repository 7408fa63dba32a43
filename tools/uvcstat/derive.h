/* SPDX-License-Identifier: GPL-2.0 */
/*
 * derive.h - the exact-format engine: raw figures -> printed figures.
 *
 * Integer arithmetic on u64 only (no floating point, no 128-bit types, no
 * libc), so that the kernel can compute the very same `stats` text; the
 * rules are in FORMAT.md. Each function is pure.
 */
#ifndef UVCSTAT_DERIVE_H
#define UVCSTAT_DERIVE_H

#include "report.h"

u64 uvc_isqrt64(u64 x);
u64 uvc_muldiv64(u64 a, u64 mul, u64 div);

u64 uvc_stat_avg_ns(u64 sum_ns, u64 count);
u64 uvc_stat_std_ns(u64 sum_ns, u64 sumsq_ns2, u64 count);
u64 uvc_stat_std_ns_legacy(u64 sum_ns, u64 sumsq_ns2, u64 count);
void uvc_timing_derive(const struct uvc_timing_raw *t, int legacy_std,
		       struct uvc_timing_line *out);

u64 uvc_empty_pct(u64 empty, u64 packets);
u64 uvc_fps_x100(u64 frames, u64 duration_ms);
u64 uvc_speed_bps(u64 bytes, u64 ms);
u64 uvc_cpu_upct(u64 decode_sum_ns, u64 duration_ms);

/* Splitting for printing: "%llu.%03llu %s" with uvc_speed_unit[unit]. */
extern const char *const uvc_speed_unit[3];	/* "kbits/s", "Mbits/s", "Gbits/s" */
void uvc_speed_split(u64 bps, u64 *ipart, u64 *frac3, unsigned int *unit);

void uvc_derive(const struct uvc_raw *raw, int legacy_std, struct uvc_printed *p);

#endif

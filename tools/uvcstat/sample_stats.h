/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sample_stats.h - statistics of samples (the runs of a compare group):
 * mean, std, median, quantiles, the bootstrap interval of a ratio of
 * medians. Not the kernel's URB statistics (report.h) nor their debugfs
 * directory (debugfs_dir.h). User space only, double precision, libm; the
 * exact-format engine (derive.c) does not use it.
 */
#ifndef UVCSTAT_SAMPLE_STATS_H
#define UVCSTAT_SAMPLE_STATS_H

#include <stddef.h>
#include <stdint.h>

double stats_mean(const double *x, size_t n);
double stats_std_population(const double *x, size_t n);	/* divides by n */
double stats_std_sample(const double *x, size_t n);	/* divides by n - 1; NAN if n < 2 */
double stats_min(const double *x, size_t n);
double stats_max(const double *x, size_t n);
double stats_median(const double *x, size_t n);		/* mean of the middle two if n even */
double stats_quantile(const double *x, size_t n, double q);	/* linear, as R type 7 / numpy */

/* splitmix64: the documented, platform-independent generator of the bootstrap. */
uint64_t stats_splitmix64(uint64_t *state);

#define STATS_BOOT_RESAMPLES 10000
#define STATS_BOOT_SEED 20210322ULL	/* fixed: the same inputs give the same interval */

enum stats_ratio_kind {
	STATS_RATIO_A_OVER_B,	/* times: baseline / other, > 1 = other is faster */
	STATS_RATIO_B_OVER_A,	/* speeds: other / baseline, > 1 = other is faster */
};

/**
 * struct stats_ratio - a ratio of medians and its 95% confidence interval
 * @est: ratio of the medians of the two groups
 * @lo, @hi: percentile bootstrap 95% interval (NAN when both groups have
 *	one run, or a resample hits a zero denominator)
 * @ok: 0 when @est itself is undefined (a zero denominator)
 */
struct stats_ratio {
	double est, lo, hi;
	int ok;
};

void stats_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
		    enum stats_ratio_kind kind, unsigned int resamples, uint64_t seed,
		    struct stats_ratio *out);

#endif

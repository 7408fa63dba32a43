// SPDX-License-Identifier: GPL-2.0
/*
 * sample_stats.c - statistics of samples: the runs of a compare group.
 *
 * Confidence interval of a ratio: percentile bootstrap. Each of the
 * STATS_BOOT_RESAMPLES resamples draws na values from A and nb values from
 * B with replacement (index = (next >> 32) * n >> 32 from splitmix64
 * seeded with STATS_BOOT_SEED, A first then B), and takes the ratio of the
 * two medians; the interval is the 2.5 and 97.5 percent quantiles (type 7)
 * of those ratios. Deterministic: same inputs, same interval, on any
 * platform. With a single run on both sides there is no interval.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sample_stats.h"

double stats_mean(const double *x, size_t n)
{
	double s = 0;
	size_t i;

	if (n == 0)
		return NAN;
	for (i = 0; i < n; i++)
		s += x[i];
	return s / (double)n;
}

static double sum_sq_dev(const double *x, size_t n)
{
	double m = stats_mean(x, n), s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += (x[i] - m) * (x[i] - m);
	return s;
}

double stats_std_population(const double *x, size_t n)
{
	return n ? sqrt(sum_sq_dev(x, n) / (double)n) : NAN;
}

double stats_std_sample(const double *x, size_t n)
{
	return n > 1 ? sqrt(sum_sq_dev(x, n) / (double)(n - 1)) : NAN;
}

double stats_min(const double *x, size_t n)
{
	double m = n ? x[0] : NAN;
	size_t i;

	for (i = 1; i < n; i++)
		if (x[i] < m)
			m = x[i];
	return m;
}

double stats_max(const double *x, size_t n)
{
	double m = n ? x[0] : NAN;
	size_t i;

	for (i = 1; i < n; i++)
		if (x[i] > m)
			m = x[i];
	return m;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Quantile of sorted data, type 7: h = (n - 1) q, linear between neighbours. */
static double quantile_sorted(const double *s, size_t n, double q)
{
	double h = (double)(n - 1) * q, f = floor(h);
	size_t i = (size_t)f;

	if (i + 1 >= n)
		return s[n - 1];
	return s[i] + (h - f) * (s[i + 1] - s[i]);
}

double stats_quantile(const double *x, size_t n, double q)
{
	double *s, r;

	if (n == 0 || !(q >= 0 && q <= 1))
		return NAN;
	s = malloc(n * sizeof(*s));
	if (!s)
		return NAN;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	r = quantile_sorted(s, n, q);
	free(s);
	return r;
}

double stats_median(const double *x, size_t n)
{
	return stats_quantile(x, n, 0.5);
}

uint64_t stats_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static size_t draw(uint64_t *state, size_t n)
{
	return (size_t)(((stats_splitmix64(state) >> 32) * (uint64_t)n) >> 32);
}

static int ratio_of(double ma, double mb, enum stats_ratio_kind kind, double *r)
{
	double num = kind == STATS_RATIO_A_OVER_B ? ma : mb;
	double den = kind == STATS_RATIO_A_OVER_B ? mb : ma;

	if (!(den != 0) || isnan(num))
		return 0;
	*r = num / den;
	return 1;
}

void stats_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
		    enum stats_ratio_kind kind, unsigned int resamples, uint64_t seed,
		    struct stats_ratio *out)
{
	double *ra = NULL, *rb = NULL, *ratios = NULL;
	uint64_t state = seed;
	unsigned int k;
	size_t i;

	out->lo = out->hi = NAN;
	out->ok = na && nb && ratio_of(stats_median(a, na), stats_median(b, nb), kind, &out->est);
	if (!out->ok) {
		out->est = NAN;
		return;
	}
	if ((na < 2 && nb < 2) || resamples == 0)
		return;
	ra = malloc(na * sizeof(*ra));
	rb = malloc(nb * sizeof(*rb));
	ratios = malloc(resamples * sizeof(*ratios));
	if (!ra || !rb || !ratios)
		goto out;
	for (k = 0; k < resamples; k++) {
		for (i = 0; i < na; i++)
			ra[i] = a[draw(&state, na)];
		for (i = 0; i < nb; i++)
			rb[i] = b[draw(&state, nb)];
		if (!ratio_of(stats_median(ra, na), stats_median(rb, nb), kind, &ratios[k]))
			goto out;	/* a zero denominator: no interval */
	}
	qsort(ratios, resamples, sizeof(*ratios), cmp_double);
	out->lo = quantile_sorted(ratios, resamples, 0.025);
	out->hi = quantile_sorted(ratios, resamples, 0.975);
out:
	free(ra);
	free(rb);
	free(ratios);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * stats.c - the mean and standard deviation of a benchmarked operation
 * from the kernel's integer sums (floating point only here, in user
 * space), and bandwidth from a mean copy time.
 */
#include <math.h>

#include "dmabench.h"

static const char *const metric_names[DNB_METRIC_COUNT] = {
	[DNB_ALLOC] = "alloc",
	[DNB_FREE] = "free",
	[DNB_SYNC_FOR_DEVICE] = "sync_for_device",
	[DNB_SYNC_FOR_CPU] = "sync_for_cpu",
	[DNB_COPY_OUT] = "copy_out",
	[DNB_COPY_IN] = "copy_in",
};

const char *metric_name(int metric)
{
	return metric >= 0 && metric < DNB_METRIC_COUNT ? metric_names[metric] : "?";
}

void summarize(const struct dnb_stat *s, struct summary *out)
{
	out->count = s->count;
	out->min_ns = s->min_ns;
	out->max_ns = s->max_ns;
	out->mean_ns = s->count ? (double)s->sum_ns / (double)s->count : 0;
	out->std_ns = -1;
	if (s->count >= 2 && !s->sum_sq_saturated) {
		/* Sample variance: (sum x^2 - (sum x)^2 / n) / (n - 1). */
		long double n = s->count, sum = s->sum_ns, sq = s->sum_sq_ns2;
		long double var = (sq - sum * sum / n) / (n - 1);

		out->std_ns = var > 0 ? sqrt((double)var) : 0;
	}
}

/* MB/s (10^6 bytes a second) for BYTES in NS nanoseconds; 0 without a time. */
double mb_per_s(uint64_t bytes, double ns)
{
	return ns > 0 ? (double)bytes * 1e3 / ns : 0;
}

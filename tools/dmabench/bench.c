// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - one DNB_IOC_BENCH request: the kernel runs the iterations and
 * returns integer sums; nothing is timed in user space.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

#include "dmabench.h"

/* 0, EXIT_REFUSED (bad input: the status says why) or EXIT_FAILED. */
int run_bench(struct device *d, uint32_t strategy, uint64_t size, uint32_t iterations,
	      struct bench_result *r)
{
	memset(r, 0, sizeof(*r));
	r->strategy = strategy;
	r->size = size;
	r->req.strategy = strategy;
	r->req.size = size;
	r->req.iterations = iterations;
	if (ioctl(d->fd, DNB_IOC_BENCH, &r->req) == 0)
		return 0;
	fprintf(stderr, "dmabench: %s: bench %s %llu: %s (%s)\n", d->path,
		strategy_name(strategy) ? strategy_name(strategy) : "?",
		(unsigned long long)size, status_text(r->req.status), strerror(errno));
	switch (r->req.status) {
	case DNB_ERR_STRATEGY:
	case DNB_ERR_SIZE_ZERO:
	case DNB_ERR_SIZE_ALIGN:
	case DNB_ERR_SIZE_LARGE:
	case DNB_ERR_NO_DMA:
	case DNB_ERR_ITERATIONS:
		return EXIT_REFUSED;
	default:
		return EXIT_FAILED;
	}
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dmabench.h - what the parts of dmabench share: the options, one
 * self-test result, one benchmark result, and the exit statuses.
 */
#ifndef DMABENCH_H
#define DMABENCH_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "dma_nc_bench.h"

/* Exit statuses (dmabench --help lists them). */
enum {
	EXIT_OK = 0,
	EXIT_FAILED = 1,	/* a self-test check failed */
	EXIT_USAGE = 2,		/* bad option or value, caught in user space */
	EXIT_DEVICE = 3,	/* no such device, or the module is not loaded */
	EXIT_REFUSED = 4,	/* the kernel refused a request (its status says why) */
};

enum output_format { FORMAT_TABLE, FORMAT_JSON, FORMAT_CSV };
enum command { CMD_INFO, CMD_TEST, CMD_BENCH, CMD_HOLD };

#define MAX_SIZES 32

struct options {
	enum command command;
	const char *device;		/* a kind ("platform") or a path */
	uint32_t strategies[DNB_STRATEGY_COUNT + 8];
	int nstrategies;
	uint64_t sizes[MAX_SIZES];
	int nsizes;
	uint32_t iterations;
	uint32_t seed;
	enum output_format format;
	int validate;			/* 0: --no-validate */
	int wait;			/* hold --wait */
	const char *json_out;		/* --json-out FILE: also JSON, into FILE */
	const char *csv_out;		/* --csv-out FILE: also CSV, into FILE */
};

/* cli.c */
int parse_options(int argc, char **argv, struct options *o);
const char *strategy_name(uint32_t s);	/* NULL for no strategy */
void format_size(uint64_t bytes, char *buf, size_t len);

/* device.c */
struct device {
	int fd;
	char path[96];
	struct dnb_info info;
};
int device_open(const char *name, struct device *d);
void device_close(struct device *d);
const char *status_text(uint32_t status);
int device_live_buffers(struct device *d, int64_t *live);

/* selftest.c */
struct test_result {
	uint32_t strategy;
	uint64_t size;
	struct dnb_alloc alloc;
	int alloc_errno;
	int busy_refused;	/* a second ALLOC on the file failed with ERR_BUSY */
	int mmap_read;		/* user space read the kernel's pattern */
	int mmap_write;		/* the kernel read user space's pattern */
	int free_refused;	/* FREE while mapped failed with ERR_MAPPED */
	int freed;		/* FREE after munmap succeeded */
	const char *failure;	/* NULL when every check passed */
};
int run_test(struct device *d, uint32_t strategy, uint64_t size, uint32_t seed,
	     struct test_result *r);
int run_hold(struct device *d, const struct options *o);

/* bench.c */
struct bench_result {
	uint32_t strategy;
	uint64_t size;
	struct dnb_bench req;
};
int run_bench(struct device *d, uint32_t strategy, uint64_t size, uint32_t iterations,
	      struct bench_result *r);

/* stats.c */
struct summary {
	uint64_t count;
	double mean_ns, std_ns;	/* std_ns < 0: not available */
	uint64_t min_ns, max_ns;
};
void summarize(const struct dnb_stat *s, struct summary *out);
const char *metric_name(int metric);
double mb_per_s(uint64_t bytes, double ns);

/* output_test.c, output_bench.c */
void print_json_string(FILE *out, const char *s);
void print_device_json(FILE *out, const struct device *d);
void print_device_line(FILE *out, const struct device *d);
void print_info(FILE *out, const struct device *d, enum output_format f);
void print_tests(FILE *out, const struct device *d, const struct test_result *r, int n,
		 enum output_format f);
void print_benches(FILE *out, const struct device *d, const struct bench_result *r, int n,
		   enum output_format f);

#endif /* DMABENCH_H */

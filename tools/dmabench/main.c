// SPDX-License-Identifier: GPL-2.0
/*
 * dmabench - user space of the DMA API self-test and benchmark:
 * runs the dma_nc_bench module's requests over the chosen strategies and
 * sizes and prints the results. See `dmabench --help` and README.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmabench.h"

/* A device that cannot do DMA is bad input: say so before any request. */
static int check_device(const struct options *o, const struct device *d)
{
	if (!o->validate || o->command == CMD_INFO || d->info.has_dma)
		return 0;
	fprintf(stderr, "dmabench: %s (%s) cannot do DMA: it has no DMA mask\n", d->path,
		d->info.kind);
	return EXIT_USAGE;
}

/* The results once more, in format F, into PATH (--json-out, --csv-out). */
static int write_copy(const char *path, enum output_format f, const struct device *d,
		      const struct test_result *tests, const struct bench_result *benches, int n)
{
	FILE *out;

	if (!path)
		return 0;
	out = fopen(path, "w");
	if (!out) {
		fprintf(stderr, "dmabench: cannot write %s: %s\n", path, strerror(errno));
		return EXIT_USAGE;
	}
	if (tests)
		print_tests(out, d, tests, n, f);
	else
		print_benches(out, d, benches, n, f);
	if (fclose(out)) {
		fprintf(stderr, "dmabench: cannot write %s: %s\n", path, strerror(errno));
		return EXIT_USAGE;
	}
	return 0;
}

static int write_copies(const struct options *o, const struct device *d,
			const struct test_result *tests, const struct bench_result *benches, int n)
{
	int st = write_copy(o->json_out, FORMAT_JSON, d, tests, benches, n);

	return st ? st : write_copy(o->csv_out, FORMAT_CSV, d, tests, benches, n);
}

static int cmd_test(struct device *d, const struct options *o)
{
	int n = o->nstrategies * o->nsizes, k = 0, worst = 0, st;
	struct test_result *r = calloc((size_t)n, sizeof(*r));

	if (!r) {
		perror("dmabench");
		return EXIT_FAILED;
	}
	for (int i = 0; i < o->nstrategies; i++) {
		for (int j = 0; j < o->nsizes; j++) {
			st = run_test(d, o->strategies[i], o->sizes[j], o->seed, &r[k]);

			if (st == EXIT_REFUSED || st == EXIT_DEVICE) {
				fprintf(stderr, "dmabench: %s: %s\n", d->path, r[k].failure ?
					r[k].failure : "cannot open the device");
				free(r);
				return st;
			}
			if (st > worst)
				worst = st;
			k++;
		}
	}
	print_tests(stdout, d, r, k, o->format);
	st = write_copies(o, d, r, NULL, k);
	free(r);
	return st ? st : worst;
}

static int cmd_bench(struct device *d, const struct options *o)
{
	int n = o->nstrategies * o->nsizes, k = 0, st;
	struct bench_result *r = calloc((size_t)n, sizeof(*r));

	if (!r) {
		perror("dmabench");
		return EXIT_FAILED;
	}
	for (int i = 0; i < o->nstrategies; i++) {
		for (int j = 0; j < o->nsizes; j++) {
			st = run_bench(d, o->strategies[i], o->sizes[j], o->iterations, &r[k]);

			if (st) {
				free(r);
				return st;
			}
			k++;
		}
	}
	print_benches(stdout, d, r, k, o->format);
	st = write_copies(o, d, NULL, r, k);
	free(r);
	return st;
}

int main(int argc, char **argv)
{
	struct options o;
	struct device d;
	int st;

	st = parse_options(argc, argv, &o);
	if (st)
		return st > 0 ? EXIT_OK : EXIT_USAGE;
	st = device_open(o.device, &d);
	if (st)
		return st;
	st = check_device(&o, &d);
	if (!st) {
		switch (o.command) {
		case CMD_INFO: print_info(stdout, &d, o.format); break;
		case CMD_TEST: st = cmd_test(&d, &o); break;
		case CMD_BENCH: st = cmd_bench(&d, &o); break;
		case CMD_HOLD: st = run_hold(&d, &o); break;
		}
	}
	device_close(&d);
	return st;
}

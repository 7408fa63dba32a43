// SPDX-License-Identifier: GPL-2.0
/*
 * cli.c - dmabench's command line: the command, the device, the lists of
 * strategies and sizes, and the checks that catch bad input before any
 * request reaches the kernel (--no-validate skips them, to exercise the
 * kernel's own checks).
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dmabench.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: dmabench [OPTIONS] info|test|bench|hold\n"
		"       dmabench --list-strategies\n"
		"\n"
		"Self-test and benchmark of the DMA API's allocation strategies through the\n"
		"dma_nc_bench module (modprobe dma_nc_bench), on /dev/dma_nc_bench-DEVICE.\n"
		"\n"
		"commands:\n"
		"  info    the device: DMA mask, dma-coherent, IOMMU, DMA engine, live buffers\n"
		"  test    for each strategy and size: allocate, write a pattern through the\n"
		"          kernel mapping, sync for device and CPU, read it back (with a DMA\n"
		"          engine the device reads and writes the buffer too), mmap it and\n"
		"          compare in user space, write through the mapping and have the kernel\n"
		"          compare, free; prints the sg table's shape\n"
		"  bench   for each strategy and size, ITERATIONS times: allocation (+vmap),\n"
		"          free, sync for device, sync for CPU, copy out of and into the buffer\n"
		"  hold    allocate one buffer and exit without freeing it (--wait: wait for a\n"
		"          signal first); the kernel frees it when the file closes\n"
		"\n"
		"options:\n"
		"  -d, --device NAME      platform (default), nodma, edu, or a path in /dev\n"
		"  -s, --strategy LIST    comma-separated strategies (default: all)\n"
		"  -z, --size LIST        comma-separated sizes: bytes, or a number with K or M\n"
		"                         (KiB, MiB); a multiple of the page size, at most 4M\n"
		"                         (default: 4K,8K,16K,...,4M)\n"
		"  -n, --iterations N     benchmark iterations per strategy and size (default 20)\n"
		"      --seed N           the pattern's seed (default 1)\n"
		"      --json, --csv      output format (default: a table)\n"
		"      --json-out FILE    test, bench: also write the results as JSON to FILE\n"
		"      --csv-out FILE     test, bench: also write the results as CSV to FILE\n"
		"      --no-validate      send strategy and size to the kernel unchecked (a\n"
		"                         strategy may then be a number)\n"
		"      --wait             hold: wait for a signal before exiting\n"
		"      --list-strategies  print the strategies, one a line\n"
		"  -h, --help             this text\n"
		"\n"
		"exit status: 0 ok, 1 a self-test check failed, 2 bad usage or input,\n"
		"3 no such device (is the module loaded?), 4 the kernel refused a request.\n");
}

static const char *const strategy_names[DNB_STRATEGY_COUNT] = {
#define STRATEGY_NAME(id, name) [DNB_##id] = name,
	DNB_STRATEGIES(STRATEGY_NAME)
#undef STRATEGY_NAME
};

const char *strategy_name(uint32_t s)
{
	return s < DNB_STRATEGY_COUNT ? strategy_names[s] : NULL;
}

static void list_strategies(void)
{
	for (uint32_t s = 0; s < DNB_STRATEGY_COUNT; s++)
		puts(strategy_names[s]);
}

/* "4K", "1M", "4096" and the like; 4096 -> "4K", 6000 -> "6000". */
void format_size(uint64_t bytes, char *buf, size_t len)
{
	if (bytes && bytes % (1u << 20) == 0)
		snprintf(buf, len, "%" PRIu64 "M", bytes >> 20);
	else if (bytes && bytes % 1024 == 0)
		snprintf(buf, len, "%" PRIu64 "K", bytes >> 10);
	else
		snprintf(buf, len, "%" PRIu64, bytes);
}

static int bad(const char *fmt, const char *what)
{
	fprintf(stderr, "dmabench: ");
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	return -1;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	if (!strcmp(end, "K") || !strcmp(end, "KiB")) {
		if (*v > UINT64_MAX >> 10)
			return -1;
		*v <<= 10;
	} else if (!strcmp(end, "M") || !strcmp(end, "MiB")) {
		if (*v > UINT64_MAX >> 20)
			return -1;
		*v <<= 20;
	} else if (*end) {
		return -1;
	}
	return 0;
}

static int check_size(const char *word, uint64_t size)
{
	long page = sysconf(_SC_PAGESIZE);
	char max[16];

	if (size == 0)
		return bad("size '%s' is 0: a buffer needs at least one page", word);
	if (size % (uint64_t)page) {
		fprintf(stderr, "dmabench: size '%s' is not a multiple of the page size (%ld bytes)\n",
			word, page);
		return -1;
	}
	if (size > DNB_MAX_SIZE) {
		format_size(DNB_MAX_SIZE, max, sizeof(max));
		fprintf(stderr, "dmabench: size '%s' is too large (at most %s)\n", word, max);
		return -1;
	}
	return 0;
}

static int parse_sizes(char *list, struct options *o)
{
	for (char *w = strtok(list, ","); w; w = strtok(NULL, ",")) {
		uint64_t v;

		if (o->nsizes == MAX_SIZES)
			return bad("too many sizes (at most %s)", "32");
		if (parse_u64(w, &v))
			return bad("size '%s' is not a number of bytes (e.g. 4096, 64K, 1M)", w);
		if (o->validate && check_size(w, v))
			return -1;
		o->sizes[o->nsizes++] = v;
	}
	return o->nsizes ? 0 : bad("%s", "no size given");
}

static int parse_strategies(char *list, struct options *o)
{
	const int max = (int)(sizeof(o->strategies) / sizeof(o->strategies[0]));

	for (char *w = strtok(list, ","); w; w = strtok(NULL, ",")) {
		uint32_t s;
		uint64_t n;

		for (s = 0; s < DNB_STRATEGY_COUNT; s++)
			if (!strcmp(w, strategy_names[s]))
				break;
		if (s == DNB_STRATEGY_COUNT) {
			if (o->validate || parse_u64(w, &n) || n > UINT32_MAX) {
				fprintf(stderr, "dmabench: unknown strategy '%s' (one of:", w);
				for (s = 0; s < DNB_STRATEGY_COUNT; s++)
					fprintf(stderr, " %s", strategy_names[s]);
				fprintf(stderr, ")\n");
				return -1;
			}
			s = (uint32_t)n;
		}
		if (o->nstrategies == max)
			return bad("too many strategies (at most %s)", "12");
		o->strategies[o->nstrategies++] = s;
	}
	return o->nstrategies ? 0 : bad("%s", "no strategy given");
}

enum { OPT_SEED = 256, OPT_JSON, OPT_CSV, OPT_JSON_OUT, OPT_CSV_OUT, OPT_NO_VALIDATE, OPT_WAIT,
       OPT_LIST };

/* 0: run o->command; 1: done (help, list); -1: bad usage (reported). */
int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "strategy", required_argument, NULL, 's' },
		{ "size", required_argument, NULL, 'z' },
		{ "iterations", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "csv", no_argument, NULL, OPT_CSV },
		{ "json-out", required_argument, NULL, OPT_JSON_OUT },
		{ "csv-out", required_argument, NULL, OPT_CSV_OUT },
		{ "no-validate", no_argument, NULL, OPT_NO_VALIDATE },
		{ "wait", no_argument, NULL, OPT_WAIT },
		{ "list-strategies", no_argument, NULL, OPT_LIST },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char *strategies = NULL, *sizes = NULL;
	uint64_t v;
	int c;

	memset(o, 0, sizeof(*o));
	o->device = "platform";
	o->iterations = 20;
	o->seed = 1;
	o->validate = 1;
	while ((c = getopt_long(argc, argv, "d:s:z:n:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': o->device = optarg; break;
		case 's': strategies = optarg; break;
		case 'z': sizes = optarg; break;
		case 'n':
			if (parse_u64(optarg, &v) || v < 1 || v > DNB_MAX_ITERATIONS)
				return bad("iterations '%s' must be a whole number from 1 to 10000", optarg);
			o->iterations = (uint32_t)v;
			break;
		case OPT_SEED:
			if (parse_u64(optarg, &v) || v > UINT32_MAX)
				return bad("seed '%s' must be a whole number below 2^32", optarg);
			o->seed = (uint32_t)v;
			break;
		case OPT_JSON: o->format = FORMAT_JSON; break;
		case OPT_CSV: o->format = FORMAT_CSV; break;
		case OPT_JSON_OUT: o->json_out = optarg; break;
		case OPT_CSV_OUT: o->csv_out = optarg; break;
		case OPT_NO_VALIDATE: o->validate = 0; break;
		case OPT_WAIT: o->wait = 1; break;
		case OPT_LIST: list_strategies(); return 1;
		case 'h': usage(stdout); return 1;
		default:
			fprintf(stderr, "Try 'dmabench --help'.\n");
			return -1;
		}
	}
	if (optind != argc - 1)
		return bad("%s", "one command expected: info, test, bench or hold (dmabench --help)");
	if (!strcmp(argv[optind], "info"))
		o->command = CMD_INFO;
	else if (!strcmp(argv[optind], "test"))
		o->command = CMD_TEST;
	else if (!strcmp(argv[optind], "bench"))
		o->command = CMD_BENCH;
	else if (!strcmp(argv[optind], "hold"))
		o->command = CMD_HOLD;
	else
		return bad("unknown command '%s' (info, test, bench or hold)", argv[optind]);

	if (strategies && parse_strategies(strategies, o))
		return -1;
	if (sizes && parse_sizes(sizes, o))
		return -1;
	if (!strategies)
		for (uint32_t s = 0; s < DNB_STRATEGY_COUNT; s++)
			o->strategies[o->nstrategies++] = s;
	if (!sizes)
		for (uint64_t z = 4096; z <= DNB_MAX_SIZE; z *= 2)
			o->sizes[o->nsizes++] = z;
	if (o->command == CMD_HOLD && (o->nstrategies != 1 || o->nsizes != 1))
		return bad("%s", "hold takes one strategy (-s) and one size (-z)");
	return 0;
}

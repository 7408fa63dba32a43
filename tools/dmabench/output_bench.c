// SPDX-License-Identifier: GPL-2.0
/*
 * output_bench.c - `bench` as a table (mean ± standard deviation; copies
 * as bandwidth), JSON or CSV (one row per strategy, size and operation:
 * count, mean, standard deviation, min, max in ns; MB/s for the copies).
 */
#include <inttypes.h>
#include <stdio.h>

#include "dmabench.h"

static int is_copy(int m)
{
	return m == DNB_COPY_OUT || m == DNB_COPY_IN;
}

static void print_benches_csv(FILE *out, const struct bench_result *r, int n)
{
	fprintf(out, "strategy,size,iterations,metric,count,mean_ns,std_ns,min_ns,max_ns,mb_per_s\n");
	for (int k = 0; k < n; k++) {
		for (int m = 0; m < DNB_METRIC_COUNT; m++) {
			struct summary s;

			summarize(&r[k].req.stat[m], &s);
			if (!s.count)
				continue;
			fprintf(out, "%s,%" PRIu64 ",%u,%s,%" PRIu64 ",%.1f,", strategy_name(r[k].strategy),
			       r[k].size, r[k].req.iterations, metric_name(m), s.count, s.mean_ns);
			if (s.std_ns >= 0)
				fprintf(out, "%.1f", s.std_ns);
			fprintf(out, ",%" PRIu64 ",%" PRIu64 ",", s.min_ns, s.max_ns);
			if (is_copy(m))
				fprintf(out, "%.1f", mb_per_s(r[k].size, s.mean_ns));
			fputc('\n', out);
		}
	}
}

static void print_benches_json(FILE *out, const struct device *d, const struct bench_result *r, int n)
{
	fprintf(out, "{\"device\": ");
	print_device_json(out, d);
	fprintf(out, ",\n \"results\": [");
	for (int k = 0; k < n; k++) {
		int first = 1;

		fprintf(out, "%s\n  {\"strategy\": ", k ? "," : "");
		print_json_string(out, strategy_name(r[k].strategy));
		fprintf(out, ", \"size\": %" PRIu64 ", \"iterations\": %u, \"metrics\": {", r[k].size,
		       r[k].req.iterations);
		for (int m = 0; m < DNB_METRIC_COUNT; m++) {
			struct summary s;

			summarize(&r[k].req.stat[m], &s);
			if (!s.count)
				continue;
			fprintf(out, "%s\"%s\": {\"count\": %" PRIu64 ", \"mean_ns\": %.1f, \"std_ns\": ",
			       first ? "" : ", ", metric_name(m), s.count, s.mean_ns);
			first = 0;
			if (s.std_ns >= 0)
				fprintf(out, "%.1f", s.std_ns);
			else
				fprintf(out, "null");
			fprintf(out, ", \"min_ns\": %" PRIu64 ", \"max_ns\": %" PRIu64, s.min_ns, s.max_ns);
			if (is_copy(m))
				fprintf(out, ", \"mb_per_s\": %.1f", mb_per_s(r[k].size, s.mean_ns));
			fputc('}', out);
		}
		fprintf(out, "}}");
	}
	fprintf(out, "\n]}\n");
}

/* "12.3±0.4" in microseconds, or "-" when the strategy has no such call. */
static void time_cell(const struct dnb_stat *st, char *buf, size_t len)
{
	struct summary s;

	summarize(st, &s);
	if (!s.count)
		snprintf(buf, len, "-");
	else if (s.std_ns < 0)
		snprintf(buf, len, "%.1f", s.mean_ns / 1e3);
	else
		snprintf(buf, len, "%.1f±%.1f", s.mean_ns / 1e3, s.std_ns / 1e3);
}

static void rate_cell(const struct dnb_stat *st, uint64_t size, char *buf, size_t len)
{
	struct summary s;

	summarize(st, &s);
	if (!s.count)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.0f", mb_per_s(size, s.mean_ns));
}

void print_benches(FILE *out, const struct device *d, const struct bench_result *r, int n, enum output_format f)
{
	if (f == FORMAT_JSON) {
		print_benches_json(out, d, r, n);
		return;
	}
	if (f == FORMAT_CSV) {
		print_benches_csv(out, r, n);
		return;
	}
	print_device_line(out, d);
	fprintf(out, "times in us (mean±std over %u iterations); copies in MB/s from the mean time\n",
	       n ? r[0].req.iterations : 0);
	/* ± is two bytes in UTF-8: time columns are padded one wider. */
	fprintf(out, "%-14s %5s %17s %17s %17s %17s %10s %10s\n", "strategy", "size", "alloc",
	       "free", "sync_for_device", "sync_for_cpu", "copy_out", "copy_in");
	for (int k = 0; k < n; k++) {
		const struct dnb_stat *st = r[k].req.stat;
		char size[16], t[4][32], rate_out[24], rate_in[24];

		format_size(r[k].size, size, sizeof(size));
		time_cell(&st[DNB_ALLOC], t[0], sizeof(t[0]));
		time_cell(&st[DNB_FREE], t[1], sizeof(t[1]));
		time_cell(&st[DNB_SYNC_FOR_DEVICE], t[2], sizeof(t[2]));
		time_cell(&st[DNB_SYNC_FOR_CPU], t[3], sizeof(t[3]));
		rate_cell(&st[DNB_COPY_OUT], r[k].size, rate_out, sizeof(rate_out));
		rate_cell(&st[DNB_COPY_IN], r[k].size, rate_in, sizeof(rate_in));
		fprintf(out, "%-14s %5s %*s %*s %*s %*s %10s %10s\n", strategy_name(r[k].strategy), size,
		       t[0][0] == '-' ? 16 : 17, t[0], t[1][0] == '-' ? 16 : 17, t[1],
		       t[2][0] == '-' ? 16 : 17, t[2], t[3][0] == '-' ? 16 : 17, t[3], rate_out, rate_in);
	}
}

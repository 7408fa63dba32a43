// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_compare.c - `uvcstat compare`: reports side by side, one column per
 * group of runs, with the speedup of every column over the first for each
 * timing and speed line, and the summary a reviewer quotes.
 *
 * A group is one report (columns titled by file name), or, with --label,
 * every file after `--label NAME` up to the next --label. A group's value
 * is the median of its runs; the speedup is the ratio of the medians with
 * a 95% percentile-bootstrap interval (stats.c) when a group has several
 * runs.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "load.h"
#include "render.h"
#include "stats.h"
#include "uvcstat.h"

static const char compare_usage[] =
	"usage: uvcstat compare [--fix-std] [--legacy-std] FILE FILE...\n"
	"       uvcstat compare [--fix-std] [--legacy-std] --label NAME FILE... --label NAME FILE...\n"
	"Prints reports side by side: one column per FILE (titled by its name), or per\n"
	"--label group (the median of its runs). The first column is the baseline; the\n"
	"speedup columns give, for every timing line, baseline time / column time and,\n"
	"for every speed line, column speed / baseline speed (above 1 = faster). With\n"
	"several runs in a group: ratio of medians and its 95% confidence interval\n"
	"(percentile bootstrap, 10000 resamples, fixed seed). --fix-std and\n"
	"--legacy-std as for uvcstat report.\n"
	"--json / --csv: one record per (metric, column): metric, label, unit, column,\n"
	"runs, value, speedup, ci_lo, ci_hi (see uvcstat(1)); not both.\n";

enum row_kind { ROW_COUNT, ROW_FPS, ROW_TIME, ROW_SPEED, ROW_CPU, ROW_MODE };

struct row {
	char name[40];
	char key[32];		/* stable machine name: urb_avg, raw_decode... */
	enum row_kind kind;
	int which;		/* counter index, timing, or speed */
	int field;		/* timing: 0 count, 1 avg, 2 std, 3 min, 4 max */
};

struct group {
	const char *label;
	int first, n;		/* runs: reports[first .. first + n - 1] */
};

#define NCOUNTERS 13
static const char *const counter_name[NCOUNTERS] = {
	"frames", "packets", "empty", "errors", "invalid", "pts early", "pts initial",
	"pts ok", "scr count ok", "scr diff ok", "bytes", "duration (ms)", "URB decode CPU usage (%)",
};
static const char *const counter_key[NCOUNTERS] = {
	"frames", "packets", "empty", "errors", "invalid", "pts_early", "pts_initial",
	"pts_ok", "scr_count_ok", "scr_diff_ok", "bytes", "duration", "cpu_usage",
};

static int counter_value(const struct uvc_printed *p, int i, double *v)
{
	const u64 x[NCOUNTERS] = {
		p->frames, p->packets, p->empty, p->errors, p->invalid, p->pts_early,
		p->pts_initial, p->pts_ok, p->scr_count_ok, p->scr_diff_ok, p->bytes,
		p->duration_ms, p->cpu_upct,
	};
	*v = (double)x[i];
	return 1;
}

static int timing_has(const struct uvc_printed *p, int t)
{
	if (t == UVC_T_SYNC_CPU)
		return !!(p->has & UVC_HAS_SYNC_CPU);
	if (t == UVC_T_SYNC_DEVICE)
		return !!(p->has & UVC_HAS_SYNC_DEVICE);
	return 1;
}

/* The row's value in one report, in ns for times, bit/s for speeds; 0 if absent. */
static int row_value(const struct row *rw, const struct uvc_report *r, double *v)
{
	const struct uvc_printed *p = &r->p;
	const struct uvc_timing_line *t;

	switch (rw->kind) {
	case ROW_COUNT:
	case ROW_CPU:
		return counter_value(p, rw->which, v);
	case ROW_FPS:
		*v = (double)p->fps_x100 / 100;
		return 1;
	case ROW_TIME:
		if (!timing_has(p, rw->which))
			return 0;
		t = &p->t[rw->which];
		*v = (double)(rw->field == 0 ? t->count : rw->field == 1 ? t->avg_ns :
			      rw->field == 2 ? t->std_ns : rw->field == 3 ? t->min_ns : t->max_ns);
		return 1;
	case ROW_SPEED:
		*v = (double)p->speed_bps[rw->which];
		return 1;
	default:
		return 0;
	}
}

static int build_rows(struct row *rows, const struct uvc_report *reps, int nrep)
{
	static const char *const field[5] = { "count", "avg (us)", "std (us)", "min (us)", "max (us)" };
	static const char *const fkey[5] = { "count", "avg", "std", "min", "max" };
	int n = 0, i, t, f, any;

	for (i = 0; i < NCOUNTERS - 1; i++, n++) {
		snprintf(rows[n].name, sizeof(rows[n].name), "%s", counter_name[i]);
		snprintf(rows[n].key, sizeof(rows[n].key), "%s", counter_key[i]);
		rows[n].kind = ROW_COUNT;
		rows[n].which = i;
	}
	snprintf(rows[n].name, sizeof(rows[n].name), "FPS");
	snprintf(rows[n].key, sizeof(rows[n].key), "fps");
	rows[n++].kind = ROW_FPS;
	for (t = 0; t < UVC_T_COUNT; t++) {
		for (any = 0, i = 0; i < nrep; i++)
			any |= timing_has(&reps[i].p, t);
		if (!any)
			continue;
		for (f = 0; f < 5; f++, n++) {
			snprintf(rows[n].name, sizeof(rows[n].name), "%s %s", uvc_timing_label[t], field[f]);
			snprintf(rows[n].key, sizeof(rows[n].key), "%s_%s", uvc_timing_key[t], fkey[f]);
			rows[n].kind = ROW_TIME;	/* field 0, the count, gets no speedup */
			rows[n].which = t;
			rows[n].field = f;
		}
	}
	for (i = 0; i < UVC_S_COUNT; i++, n++) {
		snprintf(rows[n].name, sizeof(rows[n].name), "%s", uvc_speed_label[i]);
		snprintf(rows[n].key, sizeof(rows[n].key), "%s", uvc_speed_key[i]);
		rows[n].kind = ROW_SPEED;
		rows[n].which = i;
	}
	snprintf(rows[n].name, sizeof(rows[n].name), "%s", counter_name[NCOUNTERS - 1]);
	snprintf(rows[n].key, sizeof(rows[n].key), "%s", counter_key[NCOUNTERS - 1]);
	rows[n].kind = ROW_CPU;
	rows[n++].which = NCOUNTERS - 1;
	snprintf(rows[n].name, sizeof(rows[n].name), "URB allocation");
	snprintf(rows[n].key, sizeof(rows[n].key), "mode");
	rows[n++].kind = ROW_MODE;
	return n;
}

/* Rows that get a speedup: times (not counts), speeds, CPU usage. */
static int row_has_ratio(const struct row *rw)
{
	return (rw->kind == ROW_TIME && rw->field > 0) || rw->kind == ROW_SPEED || rw->kind == ROW_CPU;
}

static void format_value(char *dst, size_t size, const struct row *rw, double v)
{
	switch (rw->kind) {
	case ROW_TIME:
		if (rw->field > 0) {
			snprintf(dst, size, "%.3f", v / 1000);
			break;
		}
		/* fallthrough */
	case ROW_COUNT:
		snprintf(dst, size, v == floor(v) ? "%.0f" : "%.1f", v);
		break;
	case ROW_FPS:
		snprintf(dst, size, "%.2f", v);
		break;
	case ROW_SPEED:
		uvc_format_speed(dst, size, v < 1.8e19 ? (u64)(v + 0.5) : UINT64_MAX);
		break;
	case ROW_CPU:
		snprintf(dst, size, "%.6f", v / 1e6);
		break;
	default:
		snprintf(dst, size, "-");
	}
}

/* A group's values for ROW; 0 when a run lacks it. */
static int group_values(const struct row *rw, const struct group *g, const struct uvc_report *reps,
			double *v)
{
	int i;

	for (i = 0; i < g->n; i++)
		if (!row_value(rw, &reps[g->first + i], &v[i]))
			return 0;
	return 1;
}

static void group_ratio(const struct row *rw, const struct group *base, const struct group *g,
			const struct uvc_report *reps, double *va, double *vb, struct stats_ratio *out)
{
	out->ok = 0;
	if (!group_values(rw, base, reps, va) || !group_values(rw, g, reps, vb))
		return;
	stats_ratio_ci(va, (size_t)base->n, vb, (size_t)g->n,
		       rw->kind == ROW_SPEED ? STATS_RATIO_B_OVER_A : STATS_RATIO_A_OVER_B,
		       STATS_BOOT_RESAMPLES, STATS_BOOT_SEED, out);
}

static void format_ratio(char *dst, size_t size, const struct stats_ratio *q)
{
	if (!q->ok)
		snprintf(dst, size, "-");
	else if (isnan(q->lo))
		snprintf(dst, size, "%.2fx", q->est);
	else
		snprintf(dst, size, "%.2fx [%.2f-%.2f]", q->est, q->lo, q->hi);
}

static const char *group_mode(const struct group *g, const struct uvc_report *reps)
{
	const char *m = NULL;
	int i;

	for (i = 0; i < g->n; i++) {
		const struct uvc_printed *p = &reps[g->first + i].p;

		if (!(p->has & UVC_HAS_MODE))
			return "-";
		if (m && strcmp(m, p->mode))
			return "-";
		m = p->mode;
	}
	return m ? m : "-";
}

/* ---- The table ---- */

#define CELL 64

struct table {
	int nrows, ncols;
	char (*cell)[CELL];	/* nrows x ncols, row 0 is the header */
};

static char *cell(struct table *t, int r, int c)
{
	return t->cell[r * t->ncols + c];
}

static void table_print(struct buf *out, struct table *t)
{
	int r, c, w[64] = { 0 }, len;

	for (c = 0; c < t->ncols && c < 64; c++)
		for (r = 0; r < t->nrows; r++) {
			len = (int)strlen(cell(t, r, c));
			if (len > w[c])
				w[c] = len;
		}
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols && c < 64; c++) {
			if (c == 0)
				buf_printf(out, "%-*s", w[c], cell(t, r, c));
			else
				buf_printf(out, "  %*s", w[c], cell(t, r, c));
		}
		while (out->len && out->data[out->len - 1] == ' ')
			out->len--;
		buf_puts(out, "\n");
	}
}

static void summary_item(struct buf *out, const char *what, const struct stats_ratio *q, const char *sep)
{
	if (!q->ok)
		return;
	if (q->est >= 1)
		buf_printf(out, "%s%s %.2fx faster", sep, what, q->est);
	else
		buf_printf(out, "%s%s %.2fx slower", sep, what, 1 / q->est);
	if (!isnan(q->lo)) {
		if (q->est >= 1)
			buf_printf(out, " (95%% CI %.2f-%.2f)", q->lo, q->hi);
		else
			buf_printf(out, " (95%% CI %.2f-%.2f)", 1 / q->hi, 1 / q->lo);
	}
}

/*
 * A text block without the patched kernel's extra lines may come from the
 * original patch, whose std is wrong above a 65.535 us average: say so
 * once per file.
 */
static void legacy_note(struct buf *out, const struct uvc_report *r, const char *path)
{
	const char *sep = "";
	int t, any = 0;

	if (r->has_raw || r->fixed_std || (r->p.has & UVC_HAS_MODE))
		return;
	for (t = 0; t < UVC_T_COUNT; t++) {
		if (!timing_has(&r->p, t) || r->p.t[t].avg_ns <= 65535)
			continue;
		if (!any++)
			buf_printf(out, "note: %s: ", uvc_source_name(path));
		buf_printf(out, "%s%s", sep, uvc_timing_label[t]);
		sep = ", ";
	}
	if (any)
		buf_printf(out, " average above 65.535 us: the std is wrong if the original "
			   "20e1dbf2bbe2 test patch printed it (--fix-std corrects it)\n");
}

static int render_compare(struct buf *out, const struct group *groups, int ngroups,
			  const struct uvc_report *reps, int nrep, const char **paths)
{
	struct row rows[64];
	int nrows = build_rows(rows, reps, nrep), r, g, c, multi = 0, ret = EXIT_INTERNAL;
	double *va = calloc((size_t)nrep, sizeof(double)), *vb = calloc((size_t)nrep, sizeof(double));
	struct table t;
	struct stats_ratio q;

	t.nrows = nrows + 1;
	t.ncols = 1 + ngroups + (ngroups - 1);
	t.cell = calloc((size_t)t.nrows * (size_t)t.ncols, CELL);
	if (!va || !vb || !t.cell)
		goto out;
	for (g = 0; g < ngroups; g++)
		multi |= groups[g].n > 1;

	/* Header: labels, then one speedup column per non-baseline group. */
	for (g = 0; g < ngroups; g++) {
		if (groups[g].n > 1)
			snprintf(cell(&t, 0, 1 + g), CELL, "%.40s (n=%d)", groups[g].label, groups[g].n);
		else
			snprintf(cell(&t, 0, 1 + g), CELL, "%.50s", groups[g].label);
	}
	for (g = 1; g < ngroups; g++) {
		if (ngroups == 2)
			snprintf(cell(&t, 0, ngroups + g), CELL, "speedup");
		else
			snprintf(cell(&t, 0, ngroups + g), CELL, "speedup %.40s", groups[g].label);
	}
	for (r = 0; r < nrows; r++) {
		const struct row *rw = &rows[r];

		snprintf(cell(&t, r + 1, 0), CELL, "%.39s", rw->name);
		for (g = 0; g < ngroups; g++) {
			c = 1 + g;
			if (rw->kind == ROW_MODE)
				snprintf(cell(&t, r + 1, c), CELL, "%.31s", group_mode(&groups[g], reps));
			else if (group_values(rw, &groups[g], reps, va))
				format_value(cell(&t, r + 1, c), CELL, rw,
					     stats_median(va, (size_t)groups[g].n));
			else
				snprintf(cell(&t, r + 1, c), CELL, "-");
		}
		for (g = 1; g < ngroups && row_has_ratio(rw); g++) {
			group_ratio(rw, &groups[0], &groups[g], reps, va, vb, &q);
			format_ratio(cell(&t, r + 1, ngroups + g), CELL, &q);
		}
	}
	table_print(out, &t);

	buf_puts(out, "\n");
	for (g = 1; g < ngroups; g++) {
		struct row dec = { "", "", ROW_TIME, UVC_T_DECODE, 1 }, urb = { "", "", ROW_TIME, UVC_T_URB, 1 };

		buf_printf(out, "summary: %s vs %s:", groups[g].label, groups[0].label);
		group_ratio(&dec, &groups[0], &groups[g], reps, va, vb, &q);
		summary_item(out, "decode avg", &q, " ");
		group_ratio(&urb, &groups[0], &groups[g], reps, va, vb, &q);
		summary_item(out, "URB avg", &q, ", ");
		buf_puts(out, "\n");
	}
	buf_printf(out, "speedup over %s: its value / the column's for times and CPU usage, "
		   "the column's / its value for speeds; above 1 = faster\n", groups[0].label);
	if (multi)
		buf_printf(out, "groups of runs: median of the runs; speedup: ratio of medians, [95%% CI] "
			   "by percentile bootstrap (%d resamples, seed %llu)\n",
			   STATS_BOOT_RESAMPLES, (unsigned long long)STATS_BOOT_SEED);
	for (r = 0; r < nrep; r++)
		legacy_note(out, &reps[r], paths[r]);
	ret = EXIT_OK;
out:
	free(va);
	free(vb);
	free(t.cell);
	return ret;
}

/* ---- Machine-readable: one record per (metric, column) ---- */

static const char *row_unit(const struct row *rw)
{
	switch (rw->kind) {
	case ROW_TIME:
		return rw->field ? "ns" : "";
	case ROW_SPEED:
		return "bit/s";
	case ROW_CPU:
		return "%";
	case ROW_FPS:
		return "fps";
	case ROW_COUNT:
		return rw->which == 11 ? "ms" : rw->which == 10 ? "bytes" : "";
	default:
		return "";
	}
}

static void csv_field(struct buf *b, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		buf_puts(b, s);
		return;
	}
	buf_puts(b, "\"");
	for (; *s; s++)
		buf_printf(b, *s == '"' ? "\"\"" : "%c", *s);
	buf_puts(b, "\"");
}

/* A number unformatted; "" (CSV) or null (JSON) when absent. */
static void num(char *dst, size_t size, int ok, double v, int json)
{
	if (!ok || isnan(v))
		snprintf(dst, size, "%s", json ? "null" : "");
	else if (v == floor(v) && fabs(v) < 1e18)
		snprintf(dst, size, "%.0f", v);
	else
		snprintf(dst, size, "%.6g", v);
}

static int render_machine(struct buf *out, const struct group *groups, int ngroups,
			  const struct uvc_report *reps, int nrep, enum uvc_output_format fmt)
{
	struct row rows[64];
	int nrows = build_rows(rows, reps, nrep), r, g, first = 1, json = fmt == UVC_OUT_JSON;
	double *va = calloc((size_t)nrep, sizeof(double)), *vb = calloc((size_t)nrep, sizeof(double));
	struct stats_ratio q;
	char val[64], sp[32], lo[32], hi[32], runs[16];

	if (!va || !vb) {
		free(va);
		free(vb);
		return EXIT_INTERNAL;
	}
	if (json) {
		buf_puts(out, "{\"baseline\":");
		uvc_json_string(out, groups[0].label);
		buf_puts(out, ",\"rows\":[");
	} else {
		buf_puts(out, "metric,label,unit,column,runs,value,speedup,ci_lo,ci_hi\n");
	}
	for (r = 0; r < nrows; r++) {
		const struct row *rw = &rows[r];

		for (g = 0; g < ngroups; g++) {
			int ok = 0;
			double v = 0;

			q.ok = 0;
			q.lo = q.hi = NAN;
			if (rw->kind == ROW_MODE) {
				snprintf(val, sizeof(val), "%s", group_mode(&groups[g], reps));
			} else {
				ok = group_values(rw, &groups[g], reps, va);
				if (ok)
					v = stats_median(va, (size_t)groups[g].n);
				if (rw->kind == ROW_CPU)
					v /= 1e6;
				num(val, sizeof(val), ok, v, json);
			}
			if (g > 0 && row_has_ratio(rw))
				group_ratio(rw, &groups[0], &groups[g], reps, va, vb, &q);
			else if (g == 0 && row_has_ratio(rw) && ok) {
				q.ok = 1;
				q.est = 1;
			}
			num(sp, sizeof(sp), q.ok, q.est, json);
			num(lo, sizeof(lo), q.ok, q.lo, json);
			num(hi, sizeof(hi), q.ok, q.hi, json);
			snprintf(runs, sizeof(runs), "%d", groups[g].n);
			if (json) {
				buf_puts(out, first ? "\n{\"metric\":" : ",\n{\"metric\":");
				first = 0;
				uvc_json_string(out, rw->key);
				buf_puts(out, ",\"label\":");
				uvc_json_string(out, rw->name);
				buf_puts(out, ",\"unit\":");
				uvc_json_string(out, row_unit(rw));
				buf_puts(out, ",\"column\":");
				uvc_json_string(out, groups[g].label);
				buf_printf(out, ",\"runs\":%s,\"value\":", runs);
				if (rw->kind == ROW_MODE) {
					if (strcmp(val, "-"))
						uvc_json_string(out, val);
					else
						buf_puts(out, "null");
				} else {
					buf_puts(out, val);
				}
				buf_printf(out, ",\"speedup\":%s,\"ci_lo\":%s,\"ci_hi\":%s}", sp, lo, hi);
			} else {
				csv_field(out, rw->key);
				buf_puts(out, ",");
				csv_field(out, rw->name);
				buf_puts(out, ",");
				csv_field(out, row_unit(rw));
				buf_puts(out, ",");
				csv_field(out, groups[g].label);
				buf_printf(out, ",%s,", runs);
				csv_field(out, rw->kind == ROW_MODE && !strcmp(val, "-") ? "" : val);
				buf_printf(out, ",%s,%s,%s\n", sp, lo, hi);
			}
		}
	}
	if (json)
		buf_puts(out, "\n]}\n");
	free(va);
	free(vb);
	return EXIT_OK;
}

static int check_compatible(const struct group *groups, int ngroups, const struct uvc_report *reps,
			    const char **paths)
{
	int g, i;

	for (g = 0; g < ngroups; g++) {
		const struct group *gr = &groups[g];

		for (i = 0; i < gr->n; i++) {
			const struct uvc_report *r = &reps[gr->first + i];
			const struct uvc_report *r0 = &reps[gr->first];

			if (r->p.t[UVC_T_URB].count == 0)
				return uvc_fail(EXIT_INCOMPATIBLE,
						"compare: %s has no URB timings (count 0): nothing to compare",
						paths[gr->first + i]);
			if ((r->p.has & r0->p.has & UVC_HAS_MODE) && strcmp(r->p.mode, r0->p.mode))
				return uvc_fail(EXIT_INCOMPATIBLE,
						"compare: group '%s' mixes allocation modes: %s is %s, %s is %s",
						gr->label, paths[gr->first], r0->p.mode,
						paths[gr->first + i], r->p.mode);
		}
	}
	return EXIT_OK;
}

#define LABEL_MAX 64

/* A column title from a file name: its base name without .txt or .raw. */
static const char *label_of(const char *path, char *dst)
{
	const char *name = uvc_source_name(path);
	size_t n = strlen(name);

	if (n > 4 && (strcmp(name + n - 4, ".txt") == 0 || strcmp(name + n - 4, ".raw") == 0))
		n -= 4;
	if (n >= LABEL_MAX)
		n = LABEL_MAX - 1;
	memcpy(dst, name, n);
	dst[n] = '\0';
	return dst;
}

static const struct option compare_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "label", required_argument, NULL, 'l' },
	{ "fix-std", no_argument, NULL, 'F' },
	{ "legacy-std", no_argument, NULL, 'L' },
	{ 0 }
};

int cmd_compare(int argc, char **argv)
{
	struct uvc_load_opts o = { 0, 0, 0 };
	struct uvc_report *reps = calloc((size_t)argc, sizeof(*reps));
	struct group *groups = calloc((size_t)argc, sizeof(*groups));
	const char **paths = calloc((size_t)argc, sizeof(*paths));
	char (*labels)[LABEL_MAX] = calloc((size_t)argc, LABEL_MAX);
	int nrep = 0, ngroups = 0, labelled = 0, i, ret = EXIT_OK, opt;
	enum uvc_output_format fmt = UVC_OUT_TEXT;
	struct buf out = { 0 };
	struct uvc_cli cli;

	if (!reps || !groups || !paths || !labels) {
		ret = uvc_fail(EXIT_INTERNAL, "out of memory");
		goto out;
	}
	uvc_cli_init(&cli, argc, argv, "h", compare_options, UVC_OUT_MASK(JSON) | UVC_OUT_MASK(CSV), 1);
	while ((opt = uvc_cli_next(&cli)) != UVC_CLI_END) {
		const char *a = cli.value;

		switch (opt) {
		case UVC_CLI_OPERAND:
			if (!labelled) {	/* each file its own column */
				groups[ngroups].label = label_of(a, labels[ngroups]);
				groups[ngroups].first = nrep;
				ngroups++;
			} else if (ngroups == 0) {
				ret = uvc_fail(EXIT_USAGE, "compare: '%s' comes before the first --label", a);
				goto out;
			}
			groups[ngroups - 1].n++;
			paths[nrep++] = a;
			break;
		case 'h':
			fputs(compare_usage, stdout);
			goto out;
		case UVC_CLI_FORMAT:
			if (fmt != UVC_OUT_TEXT && fmt != cli.format) {
				ret = uvc_fail(EXIT_USAGE, "compare: --json and --csv are exclusive");
				goto out;
			}
			fmt = cli.format;
			break;
		case 'F':
			o.fix_std = 1;
			break;
		case 'L':
			o.legacy_std = 1;
			break;
		case 'l':
			if (!a || !*a) {
				ret = uvc_fail(EXIT_USAGE, "compare: --label needs a name");
				goto out;
			}
			if (!labelled && ngroups) {
				ret = uvc_fail(EXIT_USAGE, "compare: '%s' comes before the first --label",
					       paths[0]);
				goto out;
			}
			if (labelled && groups[ngroups - 1].n == 0) {
				ret = uvc_fail(EXIT_USAGE, "compare: --label %s has no file",
					       groups[ngroups - 1].label);
				goto out;
			}
			labelled = 1;
			groups[ngroups].label = a;
			groups[ngroups].first = nrep;
			ngroups++;
			break;
		default:
			ret = uvc_fail(EXIT_USAGE, "compare: unknown option '%s' (see uvcstat compare --help)",
				       cli.arg);
			goto out;
		}
	}
	if (labelled && groups[ngroups - 1].n == 0) {
		ret = uvc_fail(EXIT_USAGE, "compare: --label %s has no file", groups[ngroups - 1].label);
		goto out;
	}
	if (ngroups < 2) {
		ret = uvc_fail(EXIT_USAGE, "compare: needs at least two reports or two --label groups");
		goto out;
	}
	if (ngroups > 16) {
		ret = uvc_fail(EXIT_USAGE, "compare: at most 16 columns, got %d", ngroups);
		goto out;
	}
	for (i = 0; i < nrep; i++) {
		ret = uvc_load_report(paths[i], &o, &reps[i]);
		if (ret)
			goto out;
	}
	ret = check_compatible(groups, ngroups, reps, paths);
	if (ret)
		goto out;
	if (fmt == UVC_OUT_TEXT)
		ret = render_compare(&out, groups, ngroups, reps, nrep, paths);
	else
		ret = render_machine(&out, groups, ngroups, reps, nrep, fmt);
	if (ret == EXIT_OK)
		ret = uvc_write_output(&out);
	else
		ret = uvc_fail(ret, "out of memory");
out:
	buf_free(&out);
	free(reps);
	free(groups);
	free(paths);
	free(labels);
	return ret;
}

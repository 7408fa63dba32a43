// SPDX-License-Identifier: GPL-2.0
/*
 * compare_table.c - `uvcstat compare`'s text: the side-by-side table (a
 * column per group, a speedup column per non-baseline group), the summary
 * a reviewer quotes ("decode avg 27.59x faster") and the notes.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "compare.h"
#include "emit.h"
#include "report_file.h"
#include "render.h"

#define CELL 64

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

static void format_ratio(char *dst, size_t size, const struct stats_ratio *q)
{
	if (!q->ok)
		snprintf(dst, size, "-");
	else if (isnan(q->lo))
		snprintf(dst, size, "%.2fx", q->est);
	else
		snprintf(dst, size, "%.2fx [%.2f-%.2f]", q->est, q->lo, q->hi);
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

/* Header, then per row: its title, each group's median, each speedup. */
static void table(struct uvc_emit *e, struct compare *c)
{
	char s[CELL];
	struct stats_ratio q;
	double v;
	int r, g;

	uvc_emit_begin(e, NULL);
	uvc_emit_str(e, "", "");
	for (g = 0; g < c->ngroups; g++) {
		if (c->groups[g].n > 1)
			snprintf(s, CELL, "%.40s (n=%d)", c->groups[g].label, c->groups[g].n);
		else
			snprintf(s, CELL, "%.50s", c->groups[g].label);
		uvc_emit_str(e, "", s);
	}
	for (g = 1; g < c->ngroups; g++) {
		if (c->ngroups == 2)
			snprintf(s, CELL, "speedup");
		else
			snprintf(s, CELL, "speedup %.40s", c->groups[g].label);
		uvc_emit_str(e, "", s);
	}
	uvc_emit_end(e);
	for (r = 0; r < c->nrows; r++) {
		const struct row *rw = &c->rows[r];

		uvc_emit_begin(e, NULL);
		snprintf(s, CELL, "%.39s", rw->name);
		uvc_emit_str(e, "", s);
		for (g = 0; g < c->ngroups; g++) {
			if (rw->kind == ROW_MODE)
				snprintf(s, CELL, "%.31s", group_mode(&c->groups[g], c->reps));
			else if (compare_median(c, rw, g, &v))
				format_value(s, CELL, rw, v);
			else
				snprintf(s, CELL, "-");
			uvc_emit_str(e, "", s);
		}
		for (g = 1; g < c->ngroups; g++) {
			s[0] = '\0';
			if (row_has_ratio(rw)) {
				compare_ratio(c, rw, g, &q);
				format_ratio(s, CELL, &q);
			}
			uvc_emit_str(e, "", s);
		}
		uvc_emit_end(e);
	}
}

void compare_render_table(struct buf *out, struct compare *c)
{
	struct row dec = { "", "", ROW_TIME, UVC_T_DECODE, 1 }, urb = { "", "", ROW_TIME, UVC_T_URB, 1 };
	struct stats_ratio q;
	struct uvc_emit e;
	int g, r, multi = 0;

	uvc_emit_init(&e, out, UVC_OUT_TEXT);
	table(&e, c);
	uvc_emit_finish(&e);

	buf_puts(out, "\n");
	for (g = 0; g < c->ngroups; g++)
		multi |= c->groups[g].n > 1;
	for (g = 1; g < c->ngroups; g++) {
		buf_printf(out, "summary: %s vs %s:", c->groups[g].label, c->groups[0].label);
		compare_ratio(c, &dec, g, &q);
		summary_item(out, "decode avg", &q, " ");
		compare_ratio(c, &urb, g, &q);
		summary_item(out, "URB avg", &q, ", ");
		buf_puts(out, "\n");
	}
	buf_printf(out, "speedup over %s: its value / the column's for times and CPU usage, "
		   "the column's / its value for speeds; above 1 = faster\n", c->groups[0].label);
	if (multi)
		buf_printf(out, "groups of runs: median of the runs; speedup: ratio of medians, [95%% CI] "
			   "by percentile bootstrap (%d resamples, seed %llu)\n",
			   STATS_BOOT_RESAMPLES, (unsigned long long)STATS_BOOT_SEED);
	for (r = 0; r < c->nrep; r++)
		legacy_note(out, &c->reps[r], c->paths[r]);
}

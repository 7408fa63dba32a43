// SPDX-License-Identifier: GPL-2.0
/*
 * compare_records.c - `uvcstat compare --json / --csv`: one record per
 * (metric, column), in table order, written once for both formats by the
 * emitter: {"baseline": COLUMN, "rows": [RECORD, ...]} or a CSV header
 * and rows. Absent numbers are null in JSON, empty in CSV.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "emit.h"

/* A number unformatted, or null when absent. */
static void number(struct uvc_emit *e, const char *key, int ok, double v)
{
	if (!ok || isnan(v))
		uvc_emit_null(e, key);
	else if (v == floor(v) && fabs(v) < 1e18)
		uvc_emit_num(e, key, "%.0f", v);
	else
		uvc_emit_num(e, key, "%.6g", v);
}

static void record(struct uvc_emit *e, struct compare *c, const struct row *rw, int g)
{
	struct stats_ratio q = { 0, NAN, NAN, 0 };
	const char *mode;
	double v = 0;
	int ok = 0;

	uvc_emit_begin(e, &uvc_json_compact);
	uvc_emit_str(e, "metric", rw->key);
	uvc_emit_str(e, "label", rw->name);
	uvc_emit_str(e, "unit", row_unit(rw));
	uvc_emit_str(e, "column", c->groups[g].label);
	uvc_emit_num(e, "runs", "%d", c->groups[g].n);
	if (rw->kind == ROW_MODE) {
		mode = group_mode(&c->groups[g], c->reps);
		if (strcmp(mode, "-"))
			uvc_emit_str(e, "value", mode);
		else
			uvc_emit_null(e, "value");
	} else {
		ok = compare_median(c, rw, g, &v);
		if (rw->kind == ROW_CPU)
			v /= 1e6;
		number(e, "value", ok, v);
	}
	if (g > 0 && row_has_ratio(rw)) {
		compare_ratio(c, rw, g, &q);
	} else if (g == 0 && row_has_ratio(rw) && ok) {
		q.ok = 1;
		q.est = 1;
	}
	number(e, "speedup", q.ok, q.est);
	number(e, "ci_lo", q.ok, q.lo);
	number(e, "ci_hi", q.ok, q.hi);
	uvc_emit_end(e);
}

void compare_render_records(struct buf *out, enum uvc_output_format fmt, struct compare *c)
{
	struct uvc_emit e;
	int r, g;

	uvc_emit_init(&e, out, fmt);
	uvc_emit_open(&e, NULL, &uvc_json_compact);
	if (fmt == UVC_OUT_JSON)	/* CSV: every row names its column */
		uvc_emit_str(&e, "baseline", c->groups[0].label);
	uvc_emit_open(&e, "rows", &uvc_json_rows);
	for (r = 0; r < c->nrows; r++)
		for (g = 0; g < c->ngroups; g++)
			record(&e, c, &c->rows[r], g);
	uvc_emit_close(&e);
	uvc_emit_close(&e);
	uvc_emit_finish(&e);
}

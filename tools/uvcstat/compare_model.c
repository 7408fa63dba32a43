// SPDX-License-Identifier: GPL-2.0
/*
 * compare_model.c - groups of runs, their rows, medians and ratios with
 * 95% percentile-bootstrap intervals (compare_model.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_model.h"
#include "uvcstat.h"

#define NCOUNTERS 13
static const char *const counter_name[NCOUNTERS] = {
	"frames", "packets", "empty", "errors", "invalid", "pts early", "pts initial",
	"pts ok", "scr count ok", "scr diff ok", "bytes", "duration (ms)", "URB decode CPU usage (%)",
};
static const char *const counter_key[NCOUNTERS] = {
	"frames", "packets", "empty", "errors", "invalid", "pts_early", "pts_initial",
	"pts_ok", "scr_count_ok", "scr_diff_ok", "bytes", "duration", "cpu_usage",
};
enum { COUNTER_BYTES = 10, COUNTER_DURATION = 11 };

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

int timing_has(const struct uvc_printed *p, int t)
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

int compare_init(struct compare *c)
{
	memset(c->rows, 0, sizeof(c->rows));
	c->nrows = build_rows(c->rows, c->reps, c->nrep);
	c->va = calloc((size_t)c->nrep, sizeof(double));
	c->vb = calloc((size_t)c->nrep, sizeof(double));
	if (!c->va || !c->vb) {
		compare_free(c);
		return -1;
	}
	return 0;
}

void compare_free(struct compare *c)
{
	free(c->va);
	free(c->vb);
	c->va = c->vb = NULL;
}

int row_has_ratio(const struct row *rw)
{
	return (rw->kind == ROW_TIME && rw->field > 0) || rw->kind == ROW_SPEED || rw->kind == ROW_CPU;
}

const char *row_unit(const struct row *rw)
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
		return rw->which == COUNTER_DURATION ? "ms" : rw->which == COUNTER_BYTES ? "bytes" : "";
	default:
		return "";
	}
}

int group_values(const struct row *rw, const struct group *g, const struct uvc_report *reps, double *v)
{
	int i;

	for (i = 0; i < g->n; i++)
		if (!row_value(rw, &reps[g->first + i], &v[i]))
			return 0;
	return 1;
}

int compare_median(struct compare *c, const struct row *rw, int g, double *v)
{
	if (!group_values(rw, &c->groups[g], c->reps, c->va))
		return 0;
	*v = stats_median(c->va, (size_t)c->groups[g].n);
	return 1;
}

void compare_ratio(struct compare *c, const struct row *rw, int g, struct stats_ratio *out)
{
	const struct group *base = &c->groups[0], *gr = &c->groups[g];

	out->ok = 0;
	if (!group_values(rw, base, c->reps, c->va) || !group_values(rw, gr, c->reps, c->vb))
		return;
	stats_ratio_ci(c->va, (size_t)base->n, c->vb, (size_t)gr->n,
		       rw->kind == ROW_SPEED ? STATS_RATIO_B_OVER_A : STATS_RATIO_A_OVER_B,
		       STATS_BOOT_RESAMPLES, STATS_BOOT_SEED, out);
}

const char *group_mode(const struct group *g, const struct uvc_report *reps)
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

int compare_check(const struct compare *c)
{
	int g, i;

	for (g = 0; g < c->ngroups; g++) {
		const struct group *gr = &c->groups[g];

		for (i = 0; i < gr->n; i++) {
			const struct uvc_report *r = &c->reps[gr->first + i];
			const struct uvc_report *r0 = &c->reps[gr->first];

			if (r->p.t[UVC_T_URB].count == 0)
				return uvc_fail(EXIT_INCOMPATIBLE,
						"compare: %s has no URB timings (count 0): nothing to compare",
						c->paths[gr->first + i]);
			if ((r->p.has & r0->p.has & UVC_HAS_MODE) && strcmp(r->p.mode, r0->p.mode))
				return uvc_fail(EXIT_INCOMPATIBLE,
						"compare: group '%s' mixes allocation modes: %s is %s, %s is %s",
						gr->label, c->paths[gr->first], r0->p.mode,
						c->paths[gr->first + i], r->p.mode);
		}
	}
	return EXIT_OK;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare_model.h - what `uvcstat compare` compares: groups of runs (one
 * report each, or every file of a --label), the rows of figures, each
 * group's median and the ratio of two groups' medians with its 95%
 * bootstrap interval (sample_stats.c). The text table (compare_table.c) and the
 * records (compare_records.c) only format what this computes.
 */
#ifndef UVCSTAT_COMPARE_MODEL_H
#define UVCSTAT_COMPARE_MODEL_H

#include "report.h"
#include "sample_stats.h"

enum row_kind { ROW_COUNT, ROW_FPS, ROW_TIME, ROW_SPEED, ROW_CPU, ROW_MODE };

struct row {
	char name[40];		/* the table's row title */
	char key[32];		/* stable machine name: urb_avg, raw_decode... */
	enum row_kind kind;
	int which;		/* counter index, timing, or speed */
	int field;		/* timing: 0 count, 1 avg, 2 std, 3 min, 4 max */
};

struct group {
	const char *label;
	int first, n;		/* runs: reports[first .. first + n - 1] */
};

#define COMPARE_ROWS_MAX 64

/**
 * struct compare - the groups and their reports
 * @va, @vb: scratch room for one value per report
 */
struct compare {
	const struct group *groups;
	int ngroups;
	const struct uvc_report *reps;
	int nrep;
	const char *const *paths;
	struct row rows[COMPARE_ROWS_MAX];
	int nrows;
	double *va, *vb;
};

/* Builds the rows (timing rows only for intervals some report has); -1 out of memory. */
int compare_init(struct compare *c);
void compare_free(struct compare *c);

/* EXIT_OK, or the exit code after saying why the groups cannot be compared. */
int compare_check(const struct compare *c);

int timing_has(const struct uvc_printed *p, int t);

/* Rows that get a speedup: times (not counts), speeds, CPU usage. */
int row_has_ratio(const struct row *rw);
const char *row_unit(const struct row *rw);

/* A group's values for ROW into V (ns, bit/s...); 0 when a run lacks it. */
int group_values(const struct row *rw, const struct group *g, const struct uvc_report *reps, double *v);

/* The median of group G for ROW into *V; 0 when a run lacks it. */
int compare_median(struct compare *c, const struct row *rw, int g, double *v);

/* Group G against the first (baseline): ratio of medians and its CI. */
void compare_ratio(struct compare *c, const struct row *rw, int g, struct stats_ratio *out);

/* The group's allocation mode, "-" when unknown or mixed. */
const char *group_mode(const struct group *g, const struct uvc_report *reps);

#endif

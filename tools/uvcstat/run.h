/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run.h - `uvcstat run`: cmd_run.c parses the options and runs the
 * capture (capture.c), run_debugfs.c finds and reads the stream's debugfs
 * statistics, run_output.c prints them with where they were measured.
 */
#ifndef UVCSTAT_RUN_H
#define UVCSTAT_RUN_H

#include <limits.h>

#include "capture.h"
#include "emit.h"
#include "platform.h"
#include "report.h"
#include "debugfs_dir.h"

struct run_opts {
	struct uvc_capture_opts cap;
	const char *debugfs;
	enum uvc_verify_request verify;
	enum uvc_output_format fmt;
};

struct run_ctx {
	const struct run_opts *o;
	struct uvc_stats_loc loc;
	int pick;		/* the stream's index in loc.intf, -1 not known yet */
	unsigned int streaming_before;	/* candidates streaming before our STREAMON */
	char stats_path[PATH_MAX + 16];
};

/* Debugfs reachable, and the statistics of candidate stream I there? Sets stats_path. */
int run_check_stats(const struct run_opts *o, struct run_ctx *x, unsigned int i);

/* The capture's hook after the first frame: with several streams, the one that runs. */
int run_pick_stream(void *arg);

/* The stream's stats_raw, after STREAMOFF. */
int run_read_stats(const struct run_ctx *x, struct uvc_report *r);

/* Text: the "# " lines that say what was captured and where it was measured. */
void run_render_header(struct buf *b, const struct run_ctx *x, const struct uvc_capture *c,
		       const struct uvc_report *r, const struct uvc_platform *pf);

/* JSON or CSV: the report's record with the measurement and capture fields. */
void run_render_record(struct uvc_emit *e, const struct run_ctx *x, const struct uvc_capture *c,
		       const struct uvc_report *r, const struct uvc_platform *pf);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uvcstat.h - what the subcommands share: exit codes, error reporting,
 * input files, output.
 */
#ifndef UVCSTAT_H
#define UVCSTAT_H

#include <stddef.h>

#include "buf.h"

/* Exit codes (uvcstat.1, --help). */
enum {
	EXIT_OK = 0,
	EXIT_INTERNAL = 1,	/* out of memory, cannot write the output */
	EXIT_USAGE = 2,		/* bad arguments */
	EXIT_IO = 3,		/* an input file cannot be read */
	EXIT_MALFORMED = 4,	/* malformed or truncated report, inconsistent figures */
	EXIT_INCOMPATIBLE = 5,	/* reports that cannot be compared */
	EXIT_NOT_IMPLEMENTED = 6,	/* trace in a build without libtracecmd (arm64) */
	EXIT_NO_DEVICE = 7,	/* run: no such device */
	EXIT_NOT_CAPTURE = 8,	/* run: not a V4L2 video capture device */
	EXIT_NOT_UVC = 9,	/* run: not a uvcvideo device */
	EXIT_BUSY = 10,		/* run: device busy */
	EXIT_FORMAT = 11,	/* run: format, size or frame rate refused */
	EXIT_DEBUGFS = 12,	/* run: debugfs not mounted, or no permission */
	EXIT_NO_STATS = 13,	/* run: no stats_raw; trace: no uvcvideo events */
	EXIT_CAPTURE = 14,	/* run: streaming failed (V4L2 error, no frame in time) */
	EXIT_VERIFY = 15,	/* run: corrupt or out-of-order frames from the virtual camera */
	EXIT_MISMATCH = 16,	/* trace --cross-check: figures outside tolerance */
};

#define UVCSTAT_VERSION "0.1"
#define UVCSTAT_MAX_INPUT (16u << 20)	/* larger inputs are not reports */

/* Prints "uvcstat: MESSAGE" on stderr, returns code. */
int uvc_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads PATH ("-" = stdin) whole, NUL-terminated; prints the error itself. */
int uvc_read_input(const char *path, char **data, size_t *len);

/* Writes the finished output to stdout; EXIT_OK or EXIT_INTERNAL. */
int uvc_write_output(struct buf *out);

/* A numeric option's value, 1..1000000; prints the error itself. */
int uvc_parse_uint_arg(const char *cmd, const char *opt, const char *s, unsigned int *v);

/* The subcommands: argc/argv start at the subcommand's name. */
int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_trace(int argc, char **argv);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uvcstat.h - what the subcommands share: exit codes, error reporting,
 * input files, output.
 */
#ifndef UVCSTAT_H
#define UVCSTAT_H

#include <stddef.h>

#include "buf.h"
#include "commands.h"		/* cmd_report() ...: the one list */
#include "exit_codes.h"	/* EXIT_OK ... EXIT_MISMATCH: the one list */

#define UVCSTAT_VERSION "0.1"
#define UVCSTAT_MAX_INPUT (16u << 20)	/* larger inputs are not reports */

/* Prints "uvcstat: MESSAGE" on stderr, returns code. */
int uvc_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads PATH ("-" = stdin) whole, NUL-terminated; prints the error itself. */
int uvc_read_input(const char *path, char **data, size_t *len);

/* Writes the finished output to stdout; EXIT_OK or EXIT_INTERNAL. */
int uvc_write_output(struct buf *out);

#endif

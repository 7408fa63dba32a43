/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - the subcommands' option parsing: getopt_long over each command's
 * option table, in order (an operand between options is returned where it
 * stands: compare's --label groups depend on it), with the errors told
 * apart so that each command words its own message.
 */
#ifndef UVCSTAT_CLI_H
#define UVCSTAT_CLI_H

#include <getopt.h>

#include "output_format.h"

/* What uvc_cli_next() returns besides an option's val. */
enum {
	UVC_CLI_END = -1,
	UVC_CLI_OPERAND = 1,		/* a file (or any operand): cli->value */
	UVC_CLI_UNKNOWN = '?',		/* unknown or abbreviated option: cli->arg as typed */
	UVC_CLI_FORMAT = 0x100,		/* --text, --json...: cli->format */
};

#define UVC_CLI_MAX_OPTIONS 24

struct uvc_cli {
	int argc;
	char **argv;
	const char *shortopts;
	struct option longopts[UVC_CLI_MAX_OPTIONS + UVC_OUT_COUNT + 1];
	int dashdash;			/* "--" ends the options (else it is unknown) */
	int mid_cluster;		/* inside "-abc" */
	int ended;			/* getopt is done: only operands are left */
	const char *value;		/* the option's value (NULL: missing), or the operand */
	int missing;			/* the option came without its value */
	const char *arg;		/* the argv element being parsed */
	char opt[40];			/* the option as typed: "-c" or "--frames" */
	enum uvc_output_format format;	/* with UVC_CLI_FORMAT */
};

/*
 * SHORTOPTS as for getopt ("d:f:h"), LONGOPTS ends with a zero entry;
 * FORMATS a mask of UVC_OUT_MASK(): those --FORMAT options are added.
 * DASHDASH: "--" makes every later argument an operand.
 */
void uvc_cli_init(struct uvc_cli *c, int argc, char **argv, const char *shortopts,
		  const struct option *longopts, unsigned int formats, int dashdash);

/*
 * The next option's val, or one of UVC_CLI_*; exact long names only. An
 * option given without its value is returned with value NULL and missing
 * set, for its own parser to word the error.
 */
int uvc_cli_next(struct uvc_cli *c);

/* A numeric option's value, 1..1000000 (S NULL: missing); prints the error itself. */
int uvc_parse_uint_arg(const char *cmd, const char *opt, const char *s, unsigned int *v);

#endif

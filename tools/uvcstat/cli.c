// SPDX-License-Identifier: GPL-2.0
/*
 * cli.c - getopt_long for the subcommands, with what their messages need.
 *
 * getopt_long runs in "-" mode (operands returned in order, never
 * permuted) with ":" (a missing value told from an unknown option) and
 * opterr off: each command prints its own one-line error. Two things
 * getopt would accept are refused, as uvcstat always did: abbreviated long
 * options ("--js" for --json) and, unless the command takes it, "--".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "uvcstat.h"

#define OUTPUT_FORMAT_NAME(id, name) name,
static const char *const format_name[UVC_OUT_COUNT] = {
	UVC_OUTPUT_FORMATS(OUTPUT_FORMAT_NAME)
};
#undef OUTPUT_FORMAT_NAME

void uvc_cli_init(struct uvc_cli *c, int argc, char **argv, const char *shortopts,
		  const struct option *longopts, unsigned int formats, int dashdash)
{
	int n = 0, f;

	memset(c, 0, sizeof(*c));
	c->argc = argc;
	c->argv = argv;
	c->shortopts = shortopts;
	c->dashdash = dashdash;
	for (; longopts[n].name && n < UVC_CLI_MAX_OPTIONS; n++)
		c->longopts[n] = longopts[n];
	for (f = 0; f < UVC_OUT_COUNT; f++)
		if (formats & (1u << f))
			c->longopts[n++] = (struct option){ format_name[f], no_argument, NULL,
							    UVC_CLI_FORMAT + f };
	optind = 0;	/* glibc: start over, and read the "-" mode again */
	opterr = 0;
}

/* The option as typed, for messages: "--frames" (without "=value") or "-c". */
static void typed_name(struct uvc_cli *c, int val)
{
	const char *eq;

	if (strncmp(c->arg, "--", 2) == 0) {
		eq = strchr(c->arg, '=');
		snprintf(c->opt, sizeof(c->opt), "%.*s",
			 (int)(eq ? (size_t)(eq - c->arg) : strlen(c->arg)), c->arg);
	} else {
		snprintf(c->opt, sizeof(c->opt), "-%c", val);
	}
}

/* Is ARG exactly --NAME or --NAME=VALUE (no abbreviation)? */
static int exact_long(const char *arg, const char *name)
{
	size_t n = strlen(name);

	return strncmp(arg, "--", 2) == 0 && strncmp(arg + 2, name, n) == 0 &&
	       (arg[2 + n] == '\0' || arg[2 + n] == '=');
}

int uvc_cli_next(struct uvc_cli *c)
{
	char optstring[64];
	int before, ret, longindex = -1;

	if (c->ended) {		/* after "--": the rest are operands */
		if (optind >= c->argc)
			return UVC_CLI_END;
		c->value = c->arg = c->argv[optind++];
		return UVC_CLI_OPERAND;
	}
	snprintf(optstring, sizeof(optstring), "-:%s", c->shortopts);
	before = optind > 0 ? optind : 1;
	if (!c->mid_cluster && before < c->argc && strcmp(c->argv[before], "--") == 0 && !c->dashdash) {
		c->arg = c->argv[before];
		return UVC_CLI_UNKNOWN;
	}
	ret = getopt_long(c->argc, c->argv, optstring, c->longopts, &longindex);
	c->mid_cluster = ret != -1 && ret != 1 && optind == before;
	c->arg = before < c->argc ? c->argv[before] : "";
	c->value = optarg;
	if (ret == -1) {
		c->ended = 1;
		return uvc_cli_next(c);
	}
	if (ret == 1)
		return UVC_CLI_OPERAND;
	if (ret == '?')
		return UVC_CLI_UNKNOWN;
	if (ret == ':') {	/* glibc: optopt is the option's val, short or long */
		typed_name(c, optopt);
		c->missing = 1;
		c->value = NULL;
		return optopt;
	}
	c->missing = 0;
	if (longindex >= 0 && !exact_long(c->arg, c->longopts[longindex].name))
		return UVC_CLI_UNKNOWN;
	typed_name(c, ret);
	if (ret >= UVC_CLI_FORMAT) {
		c->format = (enum uvc_output_format)(ret - UVC_CLI_FORMAT);
		return UVC_CLI_FORMAT;
	}
	return ret;
}

int uvc_parse_uint_arg(const char *cmd, const char *opt, const char *s, unsigned int *v)
{
	char *end;
	unsigned long x;

	if (!s)
		return uvc_fail(EXIT_USAGE, "%s: %s needs a number", cmd, opt);
	x = strtoul(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || x == 0 || x > 1000000)
		return uvc_fail(EXIT_USAGE, "%s: %s needs a number from 1 to 1000000, got '%s'",
				cmd, opt, s);
	*v = (unsigned int)x;
	return 0;
}

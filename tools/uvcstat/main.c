// SPDX-License-Identifier: GPL-2.0
/*
 * uvcstat - capture, report and compare uvcvideo URB statistics.
 *
 * main.c only dispatches: each subcommand lives in cmd_<name>.c.
 */
#include <stdio.h>
#include <string.h>

#include "uvcstat.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
} commands[] = {
	{ "report", cmd_report, "print a statistics report normalised (text, --json, --csv, --raw)" },
	{ "compare", cmd_compare, "reports side by side with speedups (and CIs over several runs)" },
	{ "run", cmd_run, "capture and report one stream (not implemented yet: needs the kernel patches)" },
	{ "trace", cmd_trace, "statistics from trace events (not implemented yet: needs the kernel patches)" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	size_t i;

	fputs("usage: uvcstat COMMAND [OPTIONS] [FILE...]\n"
	      "       uvcstat COMMAND --help | uvcstat --help | uvcstat --version\n\ncommands:\n", f);
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fputs("\nexit status:\n"
	      "  0 success\n"
	      "  1 internal error (out of memory, cannot write the output)\n"
	      "  2 bad arguments\n"
	      "  3 an input file cannot be read\n"
	      "  4 malformed or truncated report (the message names the line)\n"
	      "  5 incompatible reports for compare\n"
	      "  6 not implemented yet (run, trace: need the kernel patch series)\n"
	      "Errors are one line on stderr. See uvcstat(1) and FORMAT.md.\n", f);
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc < 2)
		return uvc_fail(EXIT_USAGE, "missing command: report, compare, run or trace (see uvcstat --help)");
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return fflush(stdout) ? EXIT_INTERNAL : EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("uvcstat %s\n", UVCSTAT_VERSION);
		return fflush(stdout) ? EXIT_INTERNAL : EXIT_OK;
	}
	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].fn(argc - 1, argv + 1);
	return uvc_fail(EXIT_USAGE, "unknown command '%s' (commands: report, compare, run, trace; see uvcstat --help)",
			argv[1]);
}

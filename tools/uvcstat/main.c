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
	{ "compare", cmd_compare, "reports side by side with speedups (and CIs over several runs); --json, --csv" },
	{ "run", cmd_run, "capture from a uvcvideo node and report that stream's debugfs statistics" },
	{ "trace", cmd_trace, "the statistics from the uvcvideo events of a trace.dat, --cross-check" },
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
	      "  6 not in this build (trace without libtracecmd: the static arm64 build)\n"
	      "  7 run: no such device\n"
	      "  8 run: not a V4L2 video capture device\n"
	      "  9 run: not a uvcvideo (USB) device\n"
	      " 10 run: device busy\n"
	      " 11 run: format, size or frame rate refused (the message says what the device offers)\n"
	      " 12 run: debugfs not mounted (mount -t debugfs none /sys/kernel/debug) or no permission\n"
	      " 13 statistics missing: no stats_raw (kernel without the uvcdma series), no uvcvideo events\n"
	      " 14 run: streaming failed (V4L2 error, no frame within --timeout, device gone)\n"
	      " 15 run: the virtual camera's frames failed verification (corrupt, out of order)\n"
	      " 16 trace --cross-check: figures outside tolerance (the table is on stdout)\n"
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

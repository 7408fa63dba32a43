// SPDX-License-Identifier: GPL-2.0
/*
 * uvcstat - capture, report and compare uvcvideo URB statistics.
 *
 * main.c only dispatches: each subcommand lives in cmd_<name>.c. The
 * command list (commands.h) and the exit codes (exit_codes.h) are written
 * once; the table, the messages and --help below are generated from them.
 */
#include <stdio.h>
#include <string.h>

#include "uvcstat.h"

#define COMMAND_ENTRY(name, summary) { #name, cmd_##name, summary },
static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
} commands[] = {
	UVCSTAT_COMMANDS(COMMAND_ENTRY)
};
#undef COMMAND_ENTRY

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

#define EXIT_ENTRY(name, status, help) { status, help },
static const struct {
	int status;
	const char *help;
} exit_codes[] = {
	UVCSTAT_EXIT_CODES(EXIT_ENTRY)
};
#undef EXIT_ENTRY

#define NEXIT_CODES (sizeof(exit_codes) / sizeof(exit_codes[0]))

static void usage(FILE *f)
{
	size_t i;

	fputs("usage: uvcstat COMMAND [OPTIONS] [FILE...]\n"
	      "       uvcstat COMMAND --help | uvcstat --help | uvcstat --version\n\ncommands:\n", f);
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fputs("\nexit status:\n", f);
	for (i = 0; i < NEXIT_CODES; i++)
		fprintf(f, "%3d %s\n", exit_codes[i].status, exit_codes[i].help);
	fputs("Errors are one line on stderr. See uvcstat(1) and FORMAT.md.\n", f);
}

/* "report, compare, run" + LAST + "trace": the command names for a message. */
static void command_names(char *dst, size_t size, const char *last)
{
	size_t i, len = 0;

	dst[0] = '\0';
	for (i = 0; i < NCOMMANDS && len < size; i++)
		len += (size_t)snprintf(dst + len, size - len, "%s%s",
					i == 0 ? "" : i + 1 == NCOMMANDS ? last : ", ",
					commands[i].name);
}

int main(int argc, char **argv)
{
	char names[256];
	size_t i;

	if (argc < 2) {
		command_names(names, sizeof(names), " or ");
		return uvc_fail(EXIT_USAGE, "missing command: %s (see uvcstat --help)", names);
	}
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
	command_names(names, sizeof(names), ", ");
	return uvc_fail(EXIT_USAGE, "unknown command '%s' (commands: %s; see uvcstat --help)",
			argv[1], names);
}

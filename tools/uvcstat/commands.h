/* SPDX-License-Identifier: GPL-2.0 */
/*
 * commands.h - uvcstat's subcommands: the one list. main.c's dispatch
 * table, its --help and its messages are generated from it; uvcstat.1
 * (COMMANDS), README.md (command table) and the top README are checked
 * against it by tests/host/uvcstat-lists.t.
 *
 * X(name, "--help summary"): `uvcstat name` runs cmd_name() of
 * cmd_name.c. Adding a command: one line here, its cmd_name.c, the object
 * in the Makefile, its entry in uvcstat.1 and its row in README.md.
 */
#ifndef UVCSTAT_COMMANDS_H
#define UVCSTAT_COMMANDS_H

#define UVCSTAT_COMMANDS(X)										\
	X(report, "print a statistics report normalised (text, --json, --csv, --raw)")			\
	X(compare, "reports side by side with speedups (and CIs over several runs); --json, --csv")	\
	X(run, "capture from a uvcvideo node and report that stream's debugfs statistics")		\
	X(trace, "the statistics from the uvcvideo events of a trace.dat, --cross-check")

/* The subcommands: argc/argv start at the subcommand's name. */
#define UVCSTAT_COMMAND_DECLARE(name, summary) int cmd_##name(int argc, char **argv);
UVCSTAT_COMMANDS(UVCSTAT_COMMAND_DECLARE)
#undef UVCSTAT_COMMAND_DECLARE

#endif

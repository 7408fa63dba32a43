// SPDX-License-Identifier: GPL-2.0
/*
 * What a thread that does not stop is doing, from /proc. A stop that
 * takes seconds holds up the host's control transfer; whether the thread
 * waits in the kernel under test (the gadget, the UDC) or is busy in vcam
 * shows in its state, signals and kernel stack at that moment: the first
 * report found vcam's own signals keeping the writer in its handler
 * (interrupt.c).
 */
#include "stuck.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Copies /proc/self/task/<tid>/<name> to stderr, each line indented; only
 * the lines that start with one of keep[] if keep is not NULL.
 */
static void dump_proc_file(pid_t tid, const char *name, const char *const *keep)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/%s", (int)tid, name);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "vcam:   %s: %s\n", name, strerror(errno));
		return;
	}
	fprintf(stderr, "vcam:   %s:\n", name);
	while (fgets(line, sizeof(line), f)) {
		const char *const *k = keep;

		while (k && *k && strncmp(line, *k, strlen(*k)))
			k++;
		if (k && !*k)
			continue;
		fprintf(stderr, "vcam:     %s%s", line,
			line[strlen(line) - 1] == '\n' ? "" : "\n");
	}
	fclose(f);
}

/* The CPU the thread last ran on (field 39 of stat), -1 if unknown. */
static int last_cpu(pid_t tid)
{
	char path[64], line[1024], *p, *save;
	int field = 3, cpu = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	/* the command name, field 2, may hold spaces: count after its ')' */
	if (fgets(line, sizeof(line), f) && (p = strrchr(line, ')'))) {
		for (p = strtok_r(p + 1, " ", &save); p; p = strtok_r(NULL, " ", &save), field++) {
			if (field == 39) {
				cpu = atoi(p);
				break;
			}
		}
	}
	fclose(f);
	return cpu;
}

void vcam_report_stuck(pid_t tid, const char *what, double waited, unsigned int signals)
{
	/* Asleep or waiting for a CPU, and whether the signals reached it. */
	static const char *const status[] = {
		"State:", "SigPnd:", "ShdPnd:", "SigBlk:", "voluntary_ctxt_switches:",
		"nonvoluntary_ctxt_switches:", NULL
	};

	fprintf(stderr, "vcam: %s after %.2f s and %u signals; thread %d, last on CPU %d, is in:\n",
		what, waited, signals, (int)tid, last_cpu(tid));
	dump_proc_file(tid, "status", status);
	dump_proc_file(tid, "wchan", NULL);
	dump_proc_file(tid, "syscall", NULL);
	dump_proc_file(tid, "stack", NULL);
}

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

static FILE *open_task_file(pid_t tid, const char *name)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/task/%d/%s", (int)tid, name);
	return fopen(path, "r");
}

/*
 * Copies /proc/self/task/<tid>/<name> to stderr, each line indented; only
 * the lines that start with one of keep[] if keep is not NULL.
 */
static void dump_proc_file(pid_t tid, const char *name, const char *const *keep)
{
	FILE *f = open_task_file(tid, name);
	char line[256];

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

int vcam_task_stat(pid_t tid, int field, char *out, size_t n)
{
	FILE *f = open_task_file(tid, "stat");
	char line[1024], *p, *save;
	int at = 3, found = -1;

	if (!f)
		return -1;
	/* the command name, field 2, may hold spaces: count after its ')' */
	if (fgets(line, sizeof(line), f) && (p = strrchr(line, ')'))) {
		for (p = strtok_r(p + 1, " \n", &save); p; p = strtok_r(NULL, " \n", &save), at++) {
			if (at == field) {
				snprintf(out, n, "%s", p);
				found = 0;
				break;
			}
		}
	}
	fclose(f);
	return found;
}

void vcam_report_stuck(pid_t tid, const char *what, double waited, unsigned int signals)
{
	/* Asleep or waiting for a CPU, and whether the signals reached it. */
	static const char *const status[] = {
		"State:", "SigPnd:", "ShdPnd:", "SigBlk:", "voluntary_ctxt_switches:",
		"nonvoluntary_ctxt_switches:", NULL
	};
	char cpu[16];

	if (vcam_task_stat(tid, 39, cpu, sizeof(cpu)))	/* the CPU it last ran on */
		snprintf(cpu, sizeof(cpu), "-1");
	fprintf(stderr, "vcam: %s after %.2f s and %u signals; thread %d, last on CPU %s, is in:\n",
		what, waited, signals, (int)tid, cpu);
	dump_proc_file(tid, "status", status);
	dump_proc_file(tid, "wchan", NULL);
	dump_proc_file(tid, "syscall", NULL);
	dump_proc_file(tid, "stack", NULL);
}

/* SPDX-License-Identifier: GPL-2.0 */
/* stuck.c: where a thread that does not stop is, from /proc. */
#ifndef VCAM_STUCK_H
#define VCAM_STUCK_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Prints to stderr "vcam: <what> after <waited> s and <signals> signals",
 * then thread tid's state, pending and blocked signals, context switches,
 * wchan, syscall and kernel stack (the stack needs root).
 */
void vcam_report_stuck(pid_t tid, const char *what, double waited, unsigned int signals);
/* Field number field (from 1, as proc(5) counts) of thread tid's stat, as
 * text in out; 0, or -1 if the thread or the field is not there. */
int vcam_task_stat(pid_t tid, int field, char *out, size_t n);

#endif

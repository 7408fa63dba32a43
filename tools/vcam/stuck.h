/* SPDX-License-Identifier: GPL-2.0 */
/* stuck.c: where a thread that does not stop is, from /proc. */
#ifndef VCAM_STUCK_H
#define VCAM_STUCK_H

#include <sys/types.h>

/*
 * Prints to stderr "vcam: <what> after <waited> s and <signals> signals",
 * then thread tid's state, pending and blocked signals, context switches,
 * wchan, syscall and kernel stack (the stack needs root).
 */
void vcam_report_stuck(pid_t tid, const char *what, double waited, unsigned int signals);

#endif

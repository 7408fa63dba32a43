/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tap.h - the TAP checks of uvcstat's C unit tests (prove reads them).
 */
#ifndef UVCSTAT_TESTS_TAP_H
#define UVCSTAT_TESTS_TAP_H

#include <stdint.h>

void ok(int cond, const char *name);
void is_u64(uint64_t got, uint64_t want, const char *name);
void is_str(const char *got, const char *want, const char *name);
/* Prints the plan; returns the exit status (1 if any check failed). */
int done_testing(void);

#endif

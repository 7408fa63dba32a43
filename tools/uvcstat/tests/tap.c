// SPDX-License-Identifier: GPL-2.0
/*
 * tap.c - the TAP checks of uvcstat's C unit tests.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"

static int n_test, n_fail;

void ok(int cond, const char *name)
{
	n_test++;
	if (!cond)
		n_fail++;
	printf("%sok %d - %s\n", cond ? "" : "not ", n_test, name);
}

void is_u64(uint64_t got, uint64_t want, const char *name)
{
	ok(got == want, name);
	if (got != want)
		printf("# got %llu, expected %llu\n", (unsigned long long)got,
		       (unsigned long long)want);
}

void is_str(const char *got, const char *want, const char *name)
{
	ok(strcmp(got, want) == 0, name);
	if (strcmp(got, want))
		printf("# got:\n%s\n# expected:\n%s\n", got, want);
}

int done_testing(void)
{
	printf("1..%d\n", n_test);
	return n_fail != 0;
}

// SPDX-License-Identifier: GPL-2.0
#include "testlib.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int n_tests, n_failed;

int ok(int cond, const char *fmt, ...)
{
	va_list ap;

	n_tests++;
	printf("%sok %d - ", cond ? "" : "not ", n_tests);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!cond)
		n_failed++;
	return cond;
}

int tap_done(void)
{
	printf("1..%d\n", n_tests);
	return n_failed ? 1 : 0;
}

int config_from(struct vcam_config *c, const char *args)
{
	char buf[512], *argv[32], *save = NULL;
	int argc = 0;

	vcam_config_default(c);
	snprintf(buf, sizeof(buf), "vcam %s", args);
	for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
		argv[argc++] = t;
	argv[argc] = NULL;
	return vcam_parse_args(c, argc, argv);
}

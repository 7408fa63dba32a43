// SPDX-License-Identifier: GPL-2.0
/* io.c - reading inputs, writing the output, one-line errors. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uvcstat.h"

int uvc_fail(int code, const char *fmt, ...)
{
	va_list ap;

	fputs("uvcstat: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

int uvc_read_input(const char *path, char **data, size_t *len)
{
	int is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	size_t cap = 4096, n = 0, got;
	char *p = NULL, *q;
	int ret = EXIT_OK;

	if (!f)
		return uvc_fail(EXIT_IO, "%s: cannot read: %s", path, strerror(errno));
	p = malloc(cap);
	if (!p) {
		ret = uvc_fail(EXIT_INTERNAL, "out of memory");
		goto out;
	}
	for (;;) {
		if (cap - n < 2) {
			if (cap >= UVCSTAT_MAX_INPUT) {
				ret = uvc_fail(EXIT_MALFORMED,
					       "%s: larger than %u MiB: not a statistics report",
					       path, UVCSTAT_MAX_INPUT >> 20);
				goto out;
			}
			q = realloc(p, cap * 2);
			if (!q) {
				ret = uvc_fail(EXIT_INTERNAL, "out of memory");
				goto out;
			}
			p = q;
			cap *= 2;
		}
		got = fread(p + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		ret = uvc_fail(EXIT_IO, "%s: cannot read: %s", path,
			       errno ? strerror(errno) : "read error");
		goto out;
	}
	p[n] = '\0';
	*data = p;
	*len = n;
	p = NULL;
out:
	free(p);
	if (!is_stdin)
		fclose(f);
	return ret;
}

int uvc_write_output(struct buf *out)
{
	if (out->oom)
		return uvc_fail(EXIT_INTERNAL, "out of memory");
	if ((out->len && fwrite(out->data, 1, out->len, stdout) != out->len) ||
	    fflush(stdout) != 0 || ferror(stdout))
		return uvc_fail(EXIT_INTERNAL, "cannot write the output: %s", strerror(errno));
	return EXIT_OK;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * buf.h - a growable text buffer. Output is built completely in memory
 * and written only when the whole command succeeded: no partial output.
 */
#ifndef UVCSTAT_BUF_H
#define UVCSTAT_BUF_H

#include <stddef.h>

struct buf {
	char *data;
	size_t len, cap;
	int oom;		/* an allocation failed: the contents are incomplete */
};

void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_add(struct buf *b, const char *s, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_free(struct buf *b);

#endif

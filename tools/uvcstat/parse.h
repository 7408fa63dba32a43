/* SPDX-License-Identifier: GPL-2.0 */
/*
 * parse.h - reports from a buffer: the debugfs `stats` text, a block pasted
 * from a changelog or mail, or `stats_raw`. No I/O, no exit, no output:
 * a fuzzer can drive uvc_parse_report() directly (fuzz.c).
 */
#ifndef UVCSTAT_PARSE_H
#define UVCSTAT_PARSE_H

#include "report.h"

/**
 * struct uvc_parse_error - why an input was refused
 * @line: 1-based input line, 0 when the error is about the whole input
 * @msg: one line, no newline, printable ASCII only
 */
struct uvc_parse_error {
	unsigned int line;
	char msg[256];
};

/*
 * Parses BUF (LEN bytes, NUL bytes allowed and refused) into R. BLOCK
 * selects the n-th text block (1-based; 0 means 1) when the input holds
 * several. Raw input gets its printed figures derived (correct std).
 * Returns 0, or -1 with ERR filled.
 */
int uvc_parse_report(const char *buf, size_t len, unsigned int block,
		     struct uvc_report *r, struct uvc_parse_error *err);

/* For messages: copies up to 48 chars of S as printable ASCII. */
void uvc_excerpt(char *dst, size_t size, const char *s, size_t n);

/* A known allocation mode? */
int uvc_mode_known(const char *mode);

#endif

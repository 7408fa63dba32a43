/* SPDX-License-Identifier: GPL-2.0 */
/*
 * parse_lines.h - what the report parsers share (parse.c, parse_text.c,
 * parse_raw.c): cleaned input lines, a one-line pattern matcher, errors
 * with their line number. Internal to the parsers.
 */
#ifndef UVCSTAT_PARSE_LINES_H
#define UVCSTAT_PARSE_LINES_H

#include <stddef.h>

#include "parse.h"

struct uvc_line {
	const char *s;		/* cleaned contents */
	size_t n;
	unsigned int no;	/* 1-based line number */
	int has_nul;		/* the raw line contains a NUL byte */
};

struct uvc_lines {
	const char *pos, *end;
	unsigned int no;
};

static inline int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* The next line of IT, cleaned (CR, trailing blanks, leading blanks and '>'); 0 at the end. */
int uvc_next_line(struct uvc_lines *it, struct uvc_line *l);

/* Fills ERR (LINE, message); returns -1. */
int uvc_error(struct uvc_parse_error *err, unsigned int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The whole line against PAT (see parse_lines.c); 1 if it matches. */
int uvc_match(const struct uvc_line *l, const char *pat, ...);
int uvc_has_prefix(const struct uvc_line *l, const char *prefix);

/* Text blocks (parse_text.c): a "frames: N" line; the BLOCK-th block into R. */
int uvc_text_block_start(const struct uvc_line *l);
int uvc_parse_text(struct uvc_lines *it, unsigned int block, struct uvc_report *r,
		   struct uvc_parse_error *err);

/* stats_raw (parse_raw.c): the length of a line's key before '=', 0 if none; the whole input into R. */
size_t uvc_raw_key_len(const struct uvc_line *l);
int uvc_parse_raw(struct uvc_lines *it, struct uvc_report *r, struct uvc_parse_error *err);

#endif

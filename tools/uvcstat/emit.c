// SPDX-License-Identifier: GPL-2.0
/*
 * emit.c - records and tables as text columns, JSON or CSV (emit.h).
 *
 * Every layout below reproduces, byte for byte, what uvcstat printed
 * before the writers shared this code: the goldens under
 * tests/host/fixtures/uvcstat pin it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

const struct uvc_json_style uvc_json_lines = { "{", "\n", ",\n", "\n}", ": ", 1 };
const struct uvc_json_style uvc_json_inline = { "{ ", "", ", ", " }", ": ", 1 };
const struct uvc_json_style uvc_json_compact = { "{", "", ",", "}", ":", 0 };
const struct uvc_json_style uvc_json_records = { "[\n", "", ",\n", "\n]", ": ", 0 };
const struct uvc_json_style uvc_json_rows = { "[", "\n", ",\n", "\n]", ":", 0 };

void uvc_emit_init(struct uvc_emit *e, struct buf *out, enum uvc_output_format fmt)
{
	memset(e, 0, sizeof(*e));
	e->out = out;
	e->fmt = fmt;
}

/* ---- JSON ---- */

void uvc_json_string(struct buf *b, const char *s)
{
	buf_puts(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			buf_printf(b, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			buf_printf(b, "\\u%04x", c);
		else
			buf_add(b, s, 1);
	}
	buf_puts(b, "\"");
}

/* S, with LEVEL indentation after each line break. */
static void put_indented(struct buf *b, const char *s, int level)
{
	for (; *s; s++) {
		buf_add(b, s, 1);
		if (*s == '\n')
			buf_printf(b, "%*s", 2 * level, "");
	}
}

/* Separator and key before a JSON value. */
static void json_key(struct uvc_emit *e, const char *key)
{
	const struct uvc_json_style *st;
	int level;

	if (e->depth == 0)
		return;
	st = e->stack[e->depth - 1].style;
	level = e->stack[e->depth - 1].level;
	if (e->stack[e->depth - 1].fields++ == 0)
		put_indented(e->out, st->first, level);
	else if (e->next_sep == UVC_EMIT_BREAK)
		put_indented(e->out, ",\n", level);
	else if (e->next_sep == UVC_EMIT_JOIN)
		buf_puts(e->out, ", ");
	else
		put_indented(e->out, st->sep, level);
	e->next_sep = 0;
	if (key) {
		uvc_json_string(e->out, key);
		buf_puts(e->out, st->colon);
	}
}

void uvc_emit_open(struct uvc_emit *e, const char *key, const struct uvc_json_style *style)
{
	int level = e->depth ? e->stack[e->depth - 1].level : 0;

	if (e->fmt != UVC_OUT_JSON || e->depth >= UVC_EMIT_DEPTH)
		return;
	json_key(e, key);
	buf_puts(e->out, style->open);
	e->stack[e->depth].style = style;
	e->stack[e->depth].level = level + style->indent;
	e->stack[e->depth].fields = 0;
	e->depth++;
}

void uvc_emit_close(struct uvc_emit *e)
{
	const struct uvc_json_style *st;

	if (e->fmt != UVC_OUT_JSON || e->depth == 0)
		return;
	e->depth--;
	st = e->stack[e->depth].style;
	put_indented(e->out, st->close, e->stack[e->depth].level - st->indent);
	e->next_sep = 0;
	if (e->depth == 0)
		buf_puts(e->out, "\n");
}

void uvc_emit_hint(struct uvc_emit *e, int how)
{
	e->next_sep = how;
}

/* ---- CSV ---- */

void uvc_csv_string(struct buf *b, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		buf_puts(b, s);
		return;
	}
	buf_puts(b, "\"");
	for (; *s; s++) {
		if (*s == '"')
			buf_puts(b, "\"\"");
		else
			buf_add(b, s, 1);
	}
	buf_puts(b, "\"");
}

static void csv_always_quoted(struct buf *b, const char *s)
{
	buf_puts(b, "\"");
	for (; *s; s++)
		buf_add(b, *s == '"' ? "\"\"" : s, *s == '"' ? 2 : 1);
	buf_puts(b, "\"");
}

/* Comma before a CSV field, and its key into the header of the first record. */
static void csv_key(struct uvc_emit *e, const char *key)
{
	if (e->fields++) {
		buf_puts(&e->row, ",");
		if (!e->records)
			buf_puts(&e->header, ",");
	}
	if (!e->records)
		buf_puts(&e->header, key);
}

/* ---- Text: a table ---- */

static void text_cell(struct uvc_emit *e, const char *s)
{
	buf_add(&e->cells, s, strlen(s) + 1);	/* with its NUL */
	e->fields++;
}

#define TEXT_MAX_COLS 64

static void text_table(struct uvc_emit *e)
{
	int w[TEXT_MAX_COLS] = { 0 }, c, len, ncols = e->ncols;
	const char *p, *end = e->cells.data + e->cells.len;

	if (ncols > TEXT_MAX_COLS)
		ncols = TEXT_MAX_COLS;
	for (c = 0, p = e->cells.data; p && p < end; p += strlen(p) + 1, c = (c + 1) % e->ncols) {
		len = (int)strlen(p);
		if (c < ncols && len > w[c])
			w[c] = len;
	}
	for (c = 0, p = e->cells.data; p && p < end; p += strlen(p) + 1) {
		if (c == 0)
			buf_printf(e->out, "%-*s", w[c], p);
		else if (c < ncols)
			buf_printf(e->out, "  %*s", w[c], p);
		if (++c == e->ncols) {
			while (e->out->len && e->out->data[e->out->len - 1] == ' ')
				e->out->len--;
			buf_puts(e->out, "\n");
			c = 0;
		}
	}
}

/* ---- Records and fields ---- */

void uvc_emit_begin(struct uvc_emit *e, const struct uvc_json_style *style)
{
	e->fields = 0;
	if (e->fmt == UVC_OUT_JSON)
		uvc_emit_open(e, NULL, style);
}

void uvc_emit_begin_header(struct uvc_emit *e)
{
	uvc_emit_begin(e, NULL);
	e->header_only = 1;
}

void uvc_emit_end(struct uvc_emit *e)
{
	switch (e->fmt) {
	case UVC_OUT_JSON:
		uvc_emit_close(e);
		break;
	case UVC_OUT_CSV:
		if (!e->records) {
			buf_add(e->out, e->header.data ? e->header.data : "", e->header.len);
			buf_puts(e->out, "\n");
			e->out->oom |= e->header.oom;
		}
		if (!e->header_only) {
			buf_add(e->out, e->row.data ? e->row.data : "", e->row.len);
			buf_puts(e->out, "\n");
		}
		e->out->oom |= e->row.oom;
		e->row.len = 0;
		e->header_only = 0;
		break;
	case UVC_OUT_TEXT:
		if (!e->records)
			e->ncols = e->fields;
		break;
	default:
		break;
	}
	e->records++;
}

static void field(struct uvc_emit *e, const char *key, const char *s, int kind)
{
	switch (e->fmt) {
	case UVC_OUT_JSON:
		json_key(e, key);
		if (kind == 'n')
			buf_puts(e->out, s ? s : "null");
		else
			uvc_json_string(e->out, s);
		break;
	case UVC_OUT_CSV:
		csv_key(e, key);
		if (kind == 'q')
			csv_always_quoted(&e->row, s);
		else if (kind == 's')
			uvc_csv_string(&e->row, s);
		else if (s)
			buf_puts(&e->row, s);
		break;
	case UVC_OUT_TEXT:
		text_cell(e, s ? s : "");
		break;
	default:
		break;
	}
}

void uvc_emit_str(struct uvc_emit *e, const char *key, const char *s)
{
	field(e, key, s, 's');
}

void uvc_emit_quoted(struct uvc_emit *e, const char *key, const char *s)
{
	field(e, key, s, 'q');
}

void uvc_emit_null(struct uvc_emit *e, const char *key)
{
	field(e, key, NULL, 'n');
}

void uvc_emit_num(struct uvc_emit *e, const char *key, const char *fmt, ...)
{
	char s[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s, sizeof(s), fmt, ap);
	va_end(ap);
	field(e, key, s, 'n');
}

void uvc_emit_finish(struct uvc_emit *e)
{
	if (e->fmt == UVC_OUT_TEXT && e->ncols) {
		e->out->oom |= e->cells.oom;
		text_table(e);
	}
	buf_free(&e->row);
	buf_free(&e->header);
	buf_free(&e->cells);
	e->ncols = 0;
}

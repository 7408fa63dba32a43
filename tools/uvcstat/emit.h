/* SPDX-License-Identifier: GPL-2.0 */
/*
 * emit.h - the one rendering layer of every subcommand's tables and
 * records: begin a record, add fields, end it; the emitter writes them as
 * text columns, JSON or CSV.
 *
 *  - text: each record is a row of a table; uvc_emit_finish() aligns the
 *    columns (the first left, the others right, two spaces apart).
 *  - JSON: records are objects; uvc_emit_open() nests objects and arrays,
 *    in the layout a style gives (one field a line, inline, compact).
 *  - CSV: one line per record, RFC 4180 quoting; the header line is the
 *    first record's keys, written before it.
 *
 * The exact changelog text of a report is not a table: render.c prints it.
 */
#ifndef UVCSTAT_EMIT_H
#define UVCSTAT_EMIT_H

#include <stddef.h>

#include "buf.h"
#include "output_format.h"

/**
 * struct uvc_json_style - how a JSON container is laid out
 * @open, @close: around the contents ("{ " and " }")
 * @first, @sep: before the first field and between fields
 * @colon: between key and value
 * @indent: 1 when a line break inside it is indented a level deeper
 *
 * After each '\n' of @first and @sep, two spaces per indentation level;
 * after a '\n' of @close, those of the level outside.
 */
struct uvc_json_style {
	const char *open, *first, *sep, *close, *colon;
	int indent;
};

extern const struct uvc_json_style uvc_json_lines;	/* {\n  "k": v,\n  ...\n} */
extern const struct uvc_json_style uvc_json_inline;	/* { "k": v, ... } */
extern const struct uvc_json_style uvc_json_compact;	/* {"k":v,...} */
extern const struct uvc_json_style uvc_json_records;	/* [\n{...},\n{...}\n] */
extern const struct uvc_json_style uvc_json_rows;	/* [\n{...},\n{...}\n] inside a value */

#define UVC_EMIT_DEPTH 8

struct uvc_emit {
	struct buf *out;
	enum uvc_output_format fmt;
	/* JSON: the open containers; a pending separator override */
	struct {
		const struct uvc_json_style *style;
		int level, fields;
	} stack[UVC_EMIT_DEPTH];
	int depth;
	int next_sep;			/* 0, or UVC_EMIT_BREAK / UVC_EMIT_JOIN */
	/* CSV: the record being built, the first record's keys */
	struct buf row, header;
	int records, fields;
	int header_only;		/* this record is uvc_emit_begin_header()'s */
	/* text: every cell, NUL-terminated, row by row */
	struct buf cells;
	int ncols;
};

enum { UVC_EMIT_BREAK = 1, UVC_EMIT_JOIN };

void uvc_emit_init(struct uvc_emit *e, struct buf *out, enum uvc_output_format fmt);

/* A JSON object or array (KEY NULL at the top or in an array); no-op in CSV and text. */
void uvc_emit_open(struct uvc_emit *e, const char *key, const struct uvc_json_style *style);
void uvc_emit_close(struct uvc_emit *e);

/* A record: a JSON object (STYLE), a CSV line, a table row. */
void uvc_emit_begin(struct uvc_emit *e, const struct uvc_json_style *style);
void uvc_emit_end(struct uvc_emit *e);

/*
 * CSV: a record whose fields only name the columns: ends as the header
 * line alone, for output that must have its header even without rows.
 */
void uvc_emit_begin_header(struct uvc_emit *e);

/* JSON: the next separator is a line break (BREAK) or ", " (JOIN). */
void uvc_emit_hint(struct uvc_emit *e, int how);

/* Fields. */
void uvc_emit_str(struct uvc_emit *e, const char *key, const char *s);
void uvc_emit_quoted(struct uvc_emit *e, const char *key, const char *s);	/* CSV: always quoted */
void uvc_emit_null(struct uvc_emit *e, const char *key);	/* null, empty cell */
void uvc_emit_num(struct uvc_emit *e, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));			/* unquoted */

/* Text: writes the aligned table. Frees what the emitter holds. */
void uvc_emit_finish(struct uvc_emit *e);

/* Pieces for other writers. */
void uvc_json_string(struct buf *b, const char *s);	/* "..." escaped */
void uvc_csv_string(struct buf *b, const char *s);	/* quoted only when needed */

#endif

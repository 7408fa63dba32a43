/* SPDX-License-Identifier: GPL-2.0 */
/*
 * render.h - a report as text (the changelog's exact format), JSON, CSV,
 * or stats_raw.
 */
#ifndef UVCSTAT_RENDER_H
#define UVCSTAT_RENDER_H

#include "buf.h"
#include "report.h"

void uvc_render_text(struct buf *b, const struct uvc_printed *p);
void uvc_render_json(struct buf *b, const struct uvc_report *r, const char *source);
void uvc_render_csv_header(struct buf *b);
void uvc_render_csv_row(struct buf *b, const struct uvc_report *r, const char *source);
void uvc_render_raw(struct buf *b, const struct uvc_raw *raw);

/* Pieces shared with compare, run and trace. */
void uvc_json_string(struct buf *b, const char *s);		/* "..." escaped */
void uvc_format_us(char *dst, size_t size, u64 ns);		/* "104.836" */
void uvc_format_speed(char *dst, size_t size, u64 bps);	/* "9.931 Gbits/s" */

#endif

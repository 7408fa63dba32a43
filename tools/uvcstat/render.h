/* SPDX-License-Identifier: GPL-2.0 */
/*
 * render.h - a report as text (the changelog's exact format), JSON, CSV,
 * or stats_raw.
 */
#ifndef UVCSTAT_RENDER_H
#define UVCSTAT_RENDER_H

#include "buf.h"
#include "output_format.h"
#include "report.h"

struct uvc_emit;

void uvc_render_text(struct buf *b, const struct uvc_printed *p);
void uvc_render_raw(struct buf *b, const struct uvc_raw *raw);

/*
 * The report's fields into the emitter's current record (JSON: nested
 * timings and the raw figures; CSV: one column each, the header from the
 * first record). run and trace add their own fields after them.
 */
void uvc_emit_report(struct uvc_emit *e, const struct uvc_report *r, const char *source);

/* One report as one record: text, JSON object or CSV header and row. */
void uvc_render_report(struct buf *b, enum uvc_output_format fmt, const struct uvc_report *r,
		       const char *source);

/* Pieces shared with compare, run and trace. */
void uvc_format_us(char *dst, size_t size, u64 ns);		/* "104.836" */
void uvc_format_speed(char *dst, size_t size, u64 bps);	/* "9.931 Gbits/s" */

#endif

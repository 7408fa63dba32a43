/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare.h - `uvcstat compare`: cmd_compare.c reads the command line and
 * the reports, compare_model.c computes, compare_table.c writes the text,
 * compare_records.c the JSON or CSV records.
 */
#ifndef UVCSTAT_COMPARE_H
#define UVCSTAT_COMPARE_H

#include "buf.h"
#include "compare_model.h"
#include "output_format.h"

void compare_render_table(struct buf *out, struct compare *c);
void compare_render_records(struct buf *out, enum uvc_output_format fmt, struct compare *c);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * reconstruct.h - raw figures consistent with a printed block.
 *
 * A published block only has printed values; uvc_reconstruct() builds raw
 * figures that print exactly that block (sums from totals and averages,
 * sums of squares from std), then checks it by deriving the block again.
 */
#ifndef UVCSTAT_RECONSTRUCT_H
#define UVCSTAT_RECONSTRUCT_H

#include "parse.h"
#include "report.h"

/*
 * LEGACY_STD: the block's std figures were printed by the original patch
 * (32-bit avg * avg): the sums of squares are built so that the defective
 * computation prints them, and so hold the true spread.
 * Returns 0, or -1 with ERR naming the line that no raw figures can print.
 */
int uvc_reconstruct(const struct uvc_report *r, int legacy_std, struct uvc_raw *raw,
		    struct uvc_parse_error *err);

#endif

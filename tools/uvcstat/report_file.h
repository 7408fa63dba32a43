/* SPDX-License-Identifier: GPL-2.0 */
/* report_file.h - one input file to one report, with the std options applied. */
#ifndef UVCSTAT_REPORT_FILE_H
#define UVCSTAT_REPORT_FILE_H

#include "report.h"

struct uvc_load_opts {
	unsigned int block;	/* --block N: the n-th text block (0 = first) */
	int legacy_std;		/* --legacy-std: print std as the original patch did */
	int fix_std;		/* --fix-std: correct std printed by the original patch */
};

/* Reads and parses PATH; prints "uvcstat: PATH:LINE: why" and returns an exit code on failure. */
int uvc_load_report(const char *path, const struct uvc_load_opts *o, struct uvc_report *r);

/* "-" -> "stdin", "dir/name.txt" -> "name.txt". */
const char *uvc_source_name(const char *path);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_trace.c - `uvcstat trace`: the timing statistics from the uvcvideo
 * and dma trace events (live through libtracefs, or a trace.dat through
 * libtracecmd), cross-checked against debugfs. Not implemented yet: the
 * trace events come with the kernel patch series.
 */
#include "uvcstat.h"

int cmd_trace(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return uvc_fail(EXIT_NOT_IMPLEMENTED,
			"trace: not implemented yet: needs the kernel patch series (uvcvideo trace events) and libtracefs/libtracecmd");
}

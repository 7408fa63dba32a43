// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_run.c - `uvcstat run`: capture from a V4L2 device and report the
 * uvcvideo statistics of that stream. Not implemented yet: it needs the
 * kernel patch series (per-stream `stats`/`stats_raw` in debugfs), and it
 * will run in the guest. The plan (issue 5): open the node, S_FMT/S_PARM,
 * mmap streaming for N frames or T seconds, find
 * /sys/kernel/debug/usb/uvcvideo/<bus>-<dev>-<intf>/ from the node through
 * sysfs, read stats_raw with uvc_parse_report() and print it like report.
 */
#include "uvcstat.h"

int cmd_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return uvc_fail(EXIT_NOT_IMPLEMENTED,
			"run: not implemented yet: needs the kernel patch series (uvcvideo per-stream stats_raw)");
}

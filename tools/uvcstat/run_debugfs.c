// SPDX-License-Identifier: GPL-2.0
/*
 * run_debugfs.c - `uvcstat run`: the debugfs statistics of the captured
 * stream, in the directory debugfs_dir.c found through sysfs; every way they
 * can be missing gets its own exit code and message.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "parse.h"
#include "run.h"
#include "uvcstat.h"

#define DEBUGFS_MAGIC_NUMBER 0x64626720

/* Debugfs reachable, and the statistics of candidate I there? */
int run_check_stats(const struct run_opts *o, struct run_ctx *x, unsigned int i)
{
	char root[PATH_MAX], dir[PATH_MAX];
	struct statfs sf;
	struct stat st;

	snprintf(root, sizeof(root), "%s/usb/uvcvideo", o->debugfs);
	if (stat(root, &st) < 0) {
		int err = errno;

		if (statfs(o->debugfs, &sf) < 0 || (unsigned long)sf.f_type != DEBUGFS_MAGIC_NUMBER)
			return uvc_fail(EXIT_DEBUGFS, "debugfs is not mounted on %s: "
					"mount -t debugfs none /sys/kernel/debug", o->debugfs);
		if (err == EACCES || err == EPERM)
			return uvc_fail(EXIT_DEBUGFS, "%s: no permission to read the uvcvideo statistics "
					"(run as root)", root);
		return uvc_fail(EXIT_NO_STATS, "%s: %s: uvcvideo has no debugfs statistics "
				"(a kernel with CONFIG_DEBUG_FS and the uvcdma patch series provides them)",
				root, strerror(err));
	}
	uvc_stats_dir(o->debugfs, &x->loc, i, dir, sizeof(dir));
	snprintf(x->stats_path, sizeof(x->stats_path), "%s/stats_raw", dir);
	if (access(x->stats_path, R_OK) == 0)
		return EXIT_OK;
	if (errno == EACCES)
		return uvc_fail(EXIT_DEBUGFS, "%s: no permission (run as root)", x->stats_path);
	if (access(dir, F_OK) < 0)
		return uvc_fail(EXIT_NO_STATS, "%s: no statistics directory for %s (uvcvideo creates it "
				"when it binds the stream)", dir, x->loc.video);
	return uvc_fail(EXIT_NO_STATS, "%s: missing: this kernel lacks the uvcdma patch series "
			"(its patch 'media: uvcvideo: Add URB timing statistics to debugfs' provides "
			"stats_raw)", x->stats_path);
}

/* After the first frame: with several streams, the one that runs. */
int run_pick_stream(void *arg)
{
	struct run_ctx *x = arg;
	int i;

	if (x->pick >= 0)
		return EXIT_OK;
	i = uvc_stats_pick_streaming(x->o->debugfs, &x->loc, x->streaming_before);
	if (i < 0)
		return uvc_fail(EXIT_NO_STATS, "%s: cannot tell which of the %u streams of USB %u-%u is "
				"this node's: none or several stats_raw turned streaming=1 with it",
				x->o->cap.dev, x->loc.nintf, x->loc.busnum, x->loc.devnum);
	x->pick = i;
	return run_check_stats(x->o, x, (unsigned int)i);
}

int run_read_stats(const struct run_ctx *x, struct uvc_report *r)
{
	struct uvc_parse_error err;
	size_t len;
	char *data;
	int ret;

	ret = uvc_read_input(x->stats_path, &data, &len);
	if (ret)
		return ret;
	ret = uvc_parse_report(data, len, 0, r, &err);
	free(data);
	if (ret)
		return uvc_fail(EXIT_MALFORMED, "%s:%u: %s", x->stats_path, err.line, err.msg);
	return EXIT_OK;
}

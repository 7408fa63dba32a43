/* SPDX-License-Identifier: GPL-2.0 */
/*
 * debugfs_dir.h - the uvcvideo debugfs statistics directory of a video node,
 * found through sysfs, never guessed:
 *
 *   /sys/class/video4linux/videoN        the node (matched by its "dev" major:minor)
 *     device -> .../1-1/1-1:1.0          the USB interface the node hangs on
 *                                        (uvcvideo: the VideoControl interface)
 *   .../1-1/busnum, devnum               the USB device
 *   .../1-1/1-1:C.I/                     its interfaces: the VideoStreaming ones
 *     bInterfaceClass 0e, bInterfaceSubClass 02, driver -> uvcvideo,
 *     bInterfaceNumber (hex in sysfs)
 *   /sys/kernel/debug/usb/uvcvideo/<busnum>-<devnum>-<intf>/
 *                                        uvc_debugfs.c: "%u-%u-%u" of
 *                                        udev->bus->busnum, udev->devnum,
 *                                        stream->intfnum (decimal)
 *
 * A function with several VideoStreaming interfaces has one video node per
 * interface, all hanging on the VideoControl interface (uvcvideo registers
 * every node on the v4l2_device of that interface, so sysfs links no node
 * to its streaming interface): then the stream is the candidate whose
 * stats_raw says streaming=1 once we stream and did not before our
 * STREAMON (uvc_stats_streaming(), uvc_stats_pick_streaming()), so that
 * another program streaming the other node is not taken for ours.
 *
 * Every path is taken under ROOT ("" for the real system, a directory for
 * the unit tests).
 */
#ifndef UVCSTAT_DEBUGFS_DIR_H
#define UVCSTAT_DEBUGFS_DIR_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

#define UVC_MAX_STREAMS 8

struct uvc_stats_loc {
	char video[32];			/* "video0" */
	char intf_path[PATH_MAX];	/* sysfs dir of the interface the node hangs on */
	char udev_path[PATH_MAX];	/* sysfs dir of the USB device */
	char driver[64];		/* driver of that interface, "" if none */
	unsigned int busnum, devnum;
	unsigned int vid, pid;
	char product[128];
	unsigned int intf[UVC_MAX_STREAMS];	/* VideoStreaming interface numbers */
	unsigned int nintf;
	char dir[PATH_MAX];		/* the stream's debugfs dir, once known */
};

/* The sysfs name ("video0") of the node with device number RDEV; 0 or -1 (errno). */
int uvc_video_sysname(const char *root, dev_t rdev, char *name, size_t size);

/*
 * Fills LOC from sysfs for node VIDEO ("video0"). Returns 0, or -1 with a
 * one-line reason in ERR (not a USB device, no VideoStreaming interface).
 */
int uvc_stats_locate(const char *root, const char *video, struct uvc_stats_loc *loc,
		     char *err, size_t errsize);

/* DEBUGFS/usb/uvcvideo/<bus>-<dev>-<intf> of candidate I. */
void uvc_stats_dir(const char *debugfs, const struct uvc_stats_loc *loc, unsigned int i,
		   char *dir, size_t size);

/* Bit I set: candidate I's stats_raw says streaming=1 now. */
unsigned int uvc_stats_streaming(const char *debugfs, const struct uvc_stats_loc *loc);

/*
 * With several candidates: the index of the one whose stats_raw says
 * streaming=1 now and whose bit is clear in BEFORE (uvc_stats_streaming()
 * before our STREAMON); -1 if none or several.
 */
int uvc_stats_pick_streaming(const char *debugfs, const struct uvc_stats_loc *loc,
			     unsigned int before);

#endif

// SPDX-License-Identifier: GPL-2.0
/* debugfs_dir.c - a video node's uvcvideo debugfs directory, through sysfs (debugfs_dir.h). */
#define _XOPEN_SOURCE 700	/* realpath() */
#include <dirent.h>
#include <stdarg.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "debugfs_dir.h"

/* snprintf that reports truncation: 0, or -1 when DST was too small. */
static int __attribute__((format(printf, 3, 4))) fmt(char *dst, size_t size, const char *f, ...)
{
	va_list ap;
	int n;

	va_start(ap, f);
	n = vsnprintf(dst, size, f, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* Reads the first line of DIR/NAME into BUF, without the newline; 0 or -1. */
static int read_line(const char *dir, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX];
	FILE *f;
	size_t n;

	fmt(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(buf, (int)size, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	n = strcspn(buf, "\n");
	buf[n] = '\0';
	return 0;
}

static int read_uint(const char *dir, const char *name, int base, unsigned int *v)
{
	char buf[64], *end;
	unsigned long x;

	if (read_line(dir, name, buf, sizeof(buf)))
		return -1;
	errno = 0;
	x = strtoul(buf, &end, base);
	if (end == buf || *end || errno || x > 0xffffffffUL)
		return -1;
	*v = (unsigned int)x;
	return 0;
}

/* Basename of the target of the symlink DIR/NAME ("" when none). */
static void link_name(const char *dir, const char *name, char *out, size_t size)
{
	char path[PATH_MAX], target[PATH_MAX];
	ssize_t n;
	const char *slash;

	out[0] = '\0';
	fmt(path, sizeof(path), "%s/%s", dir, name);
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return;
	target[n] = '\0';
	slash = strrchr(target, '/');
	fmt(out, size, "%s", slash ? slash + 1 : target);
}

int uvc_video_sysname(const char *root, dev_t rdev, char *name, size_t size)
{
	char cls[PATH_MAX], node[PATH_MAX], buf[64], want[64];
	struct dirent *d;
	DIR *dir;
	int found = -1;

	fmt(cls, sizeof(cls), "%s/sys/class/video4linux", root);
	fmt(want, sizeof(want), "%u:%u", major(rdev), minor(rdev));
	dir = opendir(cls);
	if (!dir)
		return -1;
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		fmt(node, sizeof(node), "%s/%s", cls, d->d_name);
		if (read_line(node, "dev", buf, sizeof(buf)) == 0 && strcmp(buf, want) == 0) {
			fmt(name, size, "%s", d->d_name);
			found = 0;
			break;
		}
	}
	closedir(dir);
	if (found)
		errno = ENOENT;
	return found;
}

static int is_streaming_intf(const char *path, unsigned int *num)
{
	unsigned int cls, sub;
	char drv[64];

	if (read_uint(path, "bInterfaceClass", 16, &cls) || cls != 0x0e ||
	    read_uint(path, "bInterfaceSubClass", 16, &sub) || sub != 0x02 ||
	    read_uint(path, "bInterfaceNumber", 16, num))
		return 0;
	link_name(path, "driver", drv, sizeof(drv));
	return strcmp(drv, "uvcvideo") == 0;
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

int uvc_stats_locate(const char *root, const char *video, struct uvc_stats_loc *loc,
		     char *err, size_t errsize)
{
	char link[PATH_MAX], path[PATH_MAX], *slash;
	const char *udev_name;
	struct dirent *d;
	size_t n;
	DIR *dir;

	memset(loc, 0, sizeof(*loc));
	fmt(loc->video, sizeof(loc->video), "%s", video);
	fmt(link, sizeof(link), "%s/sys/class/video4linux/%s/device", root, video);
	if (!realpath(link, loc->intf_path)) {
		fmt(err, errsize, "%s: no sysfs device (%s): %s", video, link, strerror(errno));
		return -1;
	}
	link_name(loc->intf_path, "driver", loc->driver, sizeof(loc->driver));
	fmt(loc->udev_path, sizeof(loc->udev_path), "%s", loc->intf_path);
	slash = strrchr(loc->udev_path, '/');
	if (slash)
		*slash = '\0';
	if (read_uint(loc->udev_path, "busnum", 10, &loc->busnum) ||
	    read_uint(loc->udev_path, "devnum", 10, &loc->devnum)) {
		fmt(err, errsize, "%s: %s is not on a USB device (no busnum/devnum in %s)",
			 video, loc->intf_path, loc->udev_path);
		return -1;
	}
	read_uint(loc->udev_path, "idVendor", 16, &loc->vid);
	read_uint(loc->udev_path, "idProduct", 16, &loc->pid);
	read_line(loc->udev_path, "product", loc->product, sizeof(loc->product));
	udev_name = strrchr(loc->udev_path, '/');
	udev_name = udev_name ? udev_name + 1 : loc->udev_path;
	n = strlen(udev_name);
	dir = opendir(loc->udev_path);
	if (!dir) {
		fmt(err, errsize, "%s: %s: %s", video, loc->udev_path, strerror(errno));
		return -1;
	}
	while ((d = readdir(dir)) && loc->nintf < UVC_MAX_STREAMS) {
		unsigned int num;

		/* interfaces are named <device>:<config>.<interface> */
		if (strncmp(d->d_name, udev_name, n) || d->d_name[n] != ':')
			continue;
		fmt(path, sizeof(path), "%s/%s", loc->udev_path, d->d_name);
		if (is_streaming_intf(path, &num))
			loc->intf[loc->nintf++] = num;
	}
	closedir(dir);
	qsort(loc->intf, loc->nintf, sizeof(loc->intf[0]), cmp_uint);
	if (!loc->nintf) {
		fmt(err, errsize, "%s: USB device %s has no VideoStreaming interface bound to uvcvideo",
			 video, udev_name);
		return -1;
	}
	return 0;
}

void uvc_stats_dir(const char *debugfs, const struct uvc_stats_loc *loc, unsigned int i,
		   char *dir, size_t size)
{
	fmt(dir, size, "%s/usb/uvcvideo/%u-%u-%u", debugfs, loc->busnum, loc->devnum,
		 loc->intf[i]);
}

unsigned int uvc_stats_streaming(const char *debugfs, const struct uvc_stats_loc *loc)
{
	char dir[PATH_MAX], path[PATH_MAX], line[128];
	unsigned int i, mask = 0;
	FILE *f;

	for (i = 0; i < loc->nintf; i++) {
		uvc_stats_dir(debugfs, loc, i, dir, sizeof(dir));
		fmt(path, sizeof(path), "%s/stats_raw", dir);
		f = fopen(path, "r");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f))
			if (strcmp(line, "streaming=1\n") == 0)
				mask |= 1u << i;
		fclose(f);
	}
	return mask;
}

int uvc_stats_pick_streaming(const char *debugfs, const struct uvc_stats_loc *loc,
			     unsigned int before)
{
	unsigned int started = uvc_stats_streaming(debugfs, loc) & ~before;

	/* exactly one candidate started streaming with us */
	if (!started || (started & (started - 1)))
		return -1;
	return __builtin_ctz(started);
}

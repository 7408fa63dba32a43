// SPDX-License-Identifier: GPL-2.0
/*
 * device.c - opening /dev/dma_nc_bench-NAME and reading what the module
 * says about the device; the text of each request status.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "dmabench.h"

static const char *const status_texts[DNB_STATUS_COUNT] = {
#define STATUS_TEXT(id, text) [DNB_##id] = text,
	DNB_STATUSES(STATUS_TEXT)
#undef STATUS_TEXT
};

const char *status_text(uint32_t status)
{
	return status < DNB_STATUS_COUNT ? status_texts[status] : "unknown status";
}

/* 0, or an exit status after one line on stderr. */
int device_open(const char *name, struct device *d)
{
	memset(d, 0, sizeof(*d));
	if (strchr(name, '/'))
		snprintf(d->path, sizeof(d->path), "%s", name);
	else
		snprintf(d->path, sizeof(d->path), "/dev/dma_nc_bench-%s", name);
	d->fd = open(d->path, O_RDWR | O_CLOEXEC);
	if (d->fd < 0) {
		fprintf(stderr, "dmabench: cannot open %s: %s%s\n", d->path, strerror(errno),
			errno == ENOENT ? " (modprobe dma_nc_bench; 'edu' needs QEMU's edu device)" : "");
		return EXIT_DEVICE;
	}
	if (ioctl(d->fd, DNB_IOC_INFO, &d->info)) {
		fprintf(stderr, "dmabench: %s: DNB_IOC_INFO: %s (not a dma_nc_bench device?)\n",
			d->path, strerror(errno));
		device_close(d);
		return EXIT_DEVICE;
	}
	if (d->info.abi_version != DNB_ABI_VERSION) {
		fprintf(stderr, "dmabench: %s speaks interface version %u, dmabench %u: rebuild one\n",
			d->path, d->info.abi_version, DNB_ABI_VERSION);
		device_close(d);
		return EXIT_DEVICE;
	}
	return 0;
}

void device_close(struct device *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}

/* The module's count of buffers allocated and not yet freed. */
int device_live_buffers(struct device *d, int64_t *live)
{
	struct dnb_info info;

	if (ioctl(d->fd, DNB_IOC_INFO, &info))
		return -1;
	*live = info.live_buffers;
	return 0;
}

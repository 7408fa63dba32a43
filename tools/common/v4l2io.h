/* SPDX-License-Identifier: GPL-2.0 */
/*
 * v4l2io.h - Small helpers the V4L2 capture tools share (uvcstat run,
 * vcam-verify, vcam-memcpy): an ioctl() that survives signals, and a
 * monotonic clock in seconds for rates and timeouts.
 */
#ifndef UVCDMA_V4L2IO_H
#define UVCDMA_V4L2IO_H

#include <errno.h>
#include <sys/ioctl.h>
#include <time.h>

/* ioctl(), retried when a signal (e.g. a progress timer) interrupts it. */
static inline int xioctl(int fd, unsigned long req, void *arg)
{
	int r;

	do
		r = ioctl(fd, req, arg);
	while (r < 0 && errno == EINTR);
	return r;
}

/* CLOCK_MONOTONIC in seconds. */
static inline double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

#endif

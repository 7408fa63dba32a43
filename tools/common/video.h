/* SPDX-License-Identifier: GPL-2.0 */
/*
 * video.h - The project's one V4L2 mmap capture path, shared by
 * `uvcstat run` and vcam-verify, organised as yavta's video_* functions:
 *
 *   video_open()  video_set_format()  video_set_framerate()
 *   video_alloc_buffers()  video_queue_buffer() for each buffer
 *   video_enable(dev, 1)  video_capture(dev, &loop)  video_enable(dev, 0)
 *   video_close()
 *
 * Nothing here prints: each call returns a video_status, and the failing
 * call and its errno stay in dev->err, so that each tool words its errors
 * (and keeps its exit codes) as it always has.
 */
#ifndef UVCDMA_VIDEO_H
#define UVCDMA_VIDEO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/time.h>
#include <sys/types.h>

#define VIDEO_MAX_BUFS 32

/* What went wrong, as finely as callers tell errors apart. */
enum video_status {
	VIDEO_OK = 0,
	VIDEO_ENODEV,	/* no such node or device (stat/open) */
	VIDEO_EOPEN,	/* the node exists but cannot be opened (permission...) */
	VIDEO_ENOTCAP,	/* not a V4L2 video capture device with streaming I/O */
	VIDEO_EBUSY,	/* another program holds the device (EBUSY) */
	VIDEO_EFORMAT,	/* format or size refused (EINVAL, or the driver chose another) */
	VIDEO_EBUFS,	/* the driver granted fewer than 2 or more than VIDEO_MAX_BUFS buffers */
	VIDEO_ETIMEOUT,	/* no frame within the capture loop's timeout */
	VIDEO_EGONE,	/* the device disappeared (ENODEV while open) */
	VIDEO_ESTREAM,	/* any other failed call */
	VIDEO_ECALLBACK,	/* the frame callback reported its own error */
};

/* The call that failed ("open", "VIDIOC_S_FMT", "mmap", ...) and its errno. */
struct video_error {
	const char *call;
	int errnum;		/* 0: the call succeeded, its result was refused */
};

struct video_buffer {
	void *mem;
	size_t size;
};

struct video_device {
	int fd;			/* -1 when closed */
	dev_t rdev;		/* the node's major:minor */
	char driver[16], card[32], bus_info[32];
	uint32_t caps;		/* device_caps (or capabilities) of VIDIOC_QUERYCAP */
	uint32_t fourcc;	/* the format the driver set (or chose, on VIDEO_EFORMAT) */
	unsigned int width, height;
	unsigned int tpf_num, tpf_den;	/* the frame interval the driver set */
	unsigned int nbufs;	/* mapped buffers (on VIDEO_EBUFS: how many were granted) */
	struct video_buffer buffers[VIDEO_MAX_BUFS];
	struct video_error err;
};

/* One dequeued buffer, handed to the capture loop's callback. */
struct video_frame {
	unsigned int index;	/* buffer index */
	const void *data;
	size_t length;		/* bytesused */
	uint32_t sequence;	/* the driver's V4L2 sequence number */
	struct timeval timestamp;
	uint32_t flags;		/* V4L2_BUF_FLAG_*: ERROR buffers are passed too */
};

/* What a frame callback returns. */
enum video_next {
	VIDEO_NEXT = 0,		/* queue the buffer again and wait for the next */
	VIDEO_STOP = 1,		/* queue the buffer again and end the loop */
	VIDEO_FAIL = -1,	/* end the loop at once (buffer not queued): VIDEO_ECALLBACK */
};

struct video_loop {
	/* each dequeued buffer; returns an enum video_next */
	int (*frame)(void *arg, struct video_device *dev, const struct video_frame *f);
	/* optional, before each wait: VIDEO_STOP ends the loop (time limit,
	 * signal), VIDEO_FAIL fails it, VIDEO_NEXT waits */
	int (*before_wait)(void *arg);
	void *arg;
	unsigned int timeout_ms;	/* longest wait for one frame */
};

/* stat, open (non-blocking), VIDIOC_QUERYCAP: a video capture node with streaming I/O. */
int video_open(struct video_device *dev, const char *devname);

/* VIDIOC_S_FMT; VIDEO_EFORMAT unless the driver set exactly this format and size. */
int video_set_format(struct video_device *dev, uint32_t fourcc, unsigned int width,
		     unsigned int height);

/* VIDIOC_S_PARM at 1/fps, or VIDIOC_G_PARM when fps is 0; the interval the
 * driver set is in dev->tpf_num/tpf_den (it may be another than asked). */
int video_set_framerate(struct video_device *dev, unsigned int fps);

/* VIDIOC_REQBUFS (mmap) and VIDIOC_QUERYBUF + mmap of each buffer. */
int video_alloc_buffers(struct video_device *dev, unsigned int nbufs);

int video_queue_buffer(struct video_device *dev, unsigned int index);

/* Every buffer queued. */
int video_queue_all(struct video_device *dev);

/* VIDIOC_STREAMON (on) or VIDIOC_STREAMOFF. */
int video_enable(struct video_device *dev, int on);

/*
 * The capture loop, streaming on: waits up to timeout_ms for each buffer,
 * dequeues it, hands it to loop->frame and queues it again, until the
 * callback (or before_wait) says stop. VIDEO_OK when told to stop.
 */
int video_capture(struct video_device *dev, const struct video_loop *loop);

/* Unmaps and frees the buffers, closes the node. Safe on a closed device. */
void video_close(struct video_device *dev);

/*
 * "YUYV 640x480@60,30 1280x720@30; MJPG ...": what the device offers
 * (frame rates after @), malloc'd; NULL if out of memory.
 */
char *video_offers(struct video_device *dev);

/* "YUYV", "MJPG" (unprintable bytes as '?'); FOURCC from "YUYV", "yuyv",
 * "MJPEG", "MJPG" (any case), 0 if unknown. */
void video_fourcc_str(uint32_t fourcc, char out[5]);
uint32_t video_fourcc_parse(const char *s);

/* "no such device", "device busy", ...: a status in a few words. */
const char *video_status_name(int status);

#endif

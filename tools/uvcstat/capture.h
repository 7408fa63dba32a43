/* SPDX-License-Identifier: GPL-2.0 */
/*
 * capture.h - V4L2 mmap capture for `uvcstat run`, each frame checked with
 * the framestamp verifier shared with the virtual camera
 * (tools/common/framestamp.h) when the frames carry framestamps
 * (frame_verify.h: the first frame decides). The V4L2
 * calls and the capture loop are the project's shared ones
 * (tools/common/video.h); this adds uvcstat's checks (a uvcvideo node),
 * its progress line, and its wording of errors: each is printed (one line)
 * and returned as a uvcstat exit code.
 */
#ifndef UVCSTAT_CAPTURE_H
#define UVCSTAT_CAPTURE_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "frame_verify.h"
#include "framestamp.h"
#include "video.h"

#define UVC_CAPTURE_MAX_BUFS VIDEO_MAX_BUFS

struct uvc_capture_opts {
	const char *dev;	/* default /dev/video0 */
	uint32_t fourcc;	/* V4L2 pixel format */
	unsigned int width, height;
	unsigned int fps;	/* 0: leave the frame interval alone */
	unsigned long frames;	/* stop after this many frames (0: no limit) */
	double seconds;		/* stop after this long (0: no limit) */
	unsigned int nbufs;
	unsigned int timeout_s;	/* longest wait for one frame */
	enum uvc_verify_request verify;	/* check each frame's framestamp */
	int progress;		/* a progress line on stderr */
	volatile sig_atomic_t *stop;	/* set (by SIGINT) to end the capture early */
};

/* Called once, after the first frame, while the stream runs. */
typedef int (*uvc_capture_hook)(void *arg);

struct uvc_capture {
	struct video_device dev;	/* the node, its format and buffers */
	int fd;			/* dev.fd; -1: not open */
	dev_t rdev;
	char driver[16], card[32], bus_info[32];
	uint32_t fourcc;
	unsigned int width, height;
	unsigned int tpf_num, tpf_den;	/* the interval the driver set */
	unsigned int nbufs;
	/* results */
	uint64_t frames, bytes, flagged;
	double seconds;
	enum uvc_verify_state verify;	/* whether the frames were checked */
	struct fs_verifier v;
	uint64_t host_reordered;	/* uvcvideo completed buffers out of order */
};

/* Opens and checks the node: a V4L2 video capture device of uvcvideo. */
int uvc_capture_open(const struct uvc_capture_opts *o, struct uvc_capture *c);

/* S_FMT, S_PARM, REQBUFS and mmap; on refusal says what the device offers. */
int uvc_capture_setup(const struct uvc_capture_opts *o, struct uvc_capture *c);

/* STREAMON, capture, STREAMOFF (the statistics stay readable until close). */
int uvc_capture_stream(const struct uvc_capture_opts *o, struct uvc_capture *c,
		       uvc_capture_hook hook, void *arg);

void uvc_capture_close(struct uvc_capture *c);

/* "YUYV", "MJPG"; FOURCC from "YUYV", "yuyv", "MJPEG", "MJPG"; 0 if unknown. */
static inline void uvc_fourcc_str(uint32_t fourcc, char out[5])
{
	video_fourcc_str(fourcc, out);
}

static inline uint32_t uvc_fourcc_parse(const char *s)
{
	return video_fourcc_parse(s);
}

#endif

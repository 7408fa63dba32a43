// SPDX-License-Identifier: GPL-2.0
/* video.c - V4L2 mmap capture shared by uvcstat and vcam-verify (video.h). */
#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "video.h"
#include "v4l2io.h"

/* Records the failed call; the status follows from its errno. */
static int fail(struct video_device *dev, const char *call, int errnum)
{
	dev->err.call = call;
	dev->err.errnum = errnum;
	if (errnum == EBUSY)
		return VIDEO_EBUSY;
	if (errnum == ENODEV)
		return VIDEO_EGONE;
	return VIDEO_ESTREAM;
}

/* The same, with a status the caller chose (errnum 0: a refused result). */
static int refuse(struct video_device *dev, const char *call, int errnum, int status)
{
	dev->err.call = call;
	dev->err.errnum = errnum;
	return status;
}

int video_open(struct video_device *dev, const char *devname)
{
	struct v4l2_capability cap;
	struct stat st;
	int err;

	memset(dev, 0, sizeof(*dev));
	dev->fd = -1;
	if (stat(devname, &st) < 0)
		return refuse(dev, "stat", errno, VIDEO_ENODEV);
	if (!S_ISCHR(st.st_mode))
		return refuse(dev, "stat", 0, VIDEO_ENOTCAP);
	dev->rdev = st.st_rdev;
	/* non-blocking: the capture loop waits in poll(), with a timeout */
	dev->fd = open(devname, O_RDWR | O_NONBLOCK);
	if (dev->fd < 0) {
		err = errno;
		if (err == ENODEV || err == ENXIO || err == ENOENT)
			return refuse(dev, "open", err, VIDEO_ENODEV);
		if (err == EBUSY)
			return refuse(dev, "open", err, VIDEO_EBUSY);
		return refuse(dev, "open", err, VIDEO_EOPEN);
	}
	if (xioctl(dev->fd, VIDIOC_QUERYCAP, &cap) < 0) {
		err = errno;
		if (err == ENOTTY || err == EINVAL)
			return refuse(dev, "VIDIOC_QUERYCAP", err, VIDEO_ENOTCAP);
		return fail(dev, "VIDIOC_QUERYCAP", err);
	}
	snprintf(dev->driver, sizeof(dev->driver), "%s", (const char *)cap.driver);
	snprintf(dev->card, sizeof(dev->card), "%s", (const char *)cap.card);
	snprintf(dev->bus_info, sizeof(dev->bus_info), "%s", (const char *)cap.bus_info);
	dev->caps = cap.capabilities & V4L2_CAP_DEVICE_CAPS ? cap.device_caps : cap.capabilities;
	if (!(dev->caps & V4L2_CAP_VIDEO_CAPTURE) || !(dev->caps & V4L2_CAP_STREAMING))
		return refuse(dev, "VIDIOC_QUERYCAP", 0, VIDEO_ENOTCAP);
	return VIDEO_OK;
}

int video_set_format(struct video_device *dev, uint32_t fourcc, unsigned int width,
		     unsigned int height)
{
	struct v4l2_format f = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };

	f.fmt.pix.width = width;
	f.fmt.pix.height = height;
	f.fmt.pix.pixelformat = fourcc;
	f.fmt.pix.field = V4L2_FIELD_NONE;
	if (xioctl(dev->fd, VIDIOC_S_FMT, &f) < 0) {
		if (errno == EINVAL)
			return refuse(dev, "VIDIOC_S_FMT", errno, VIDEO_EFORMAT);
		return fail(dev, "VIDIOC_S_FMT", errno);
	}
	dev->fourcc = f.fmt.pix.pixelformat;
	dev->width = f.fmt.pix.width;
	dev->height = f.fmt.pix.height;
	/* S_FMT adjusts instead of refusing: another format is a refusal */
	if (dev->width != width || dev->height != height || dev->fourcc != fourcc)
		return refuse(dev, "VIDIOC_S_FMT", 0, VIDEO_EFORMAT);
	return VIDEO_OK;
}

int video_set_framerate(struct video_device *dev, unsigned int fps)
{
	struct v4l2_streamparm p = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };

	if (fps) {
		p.parm.capture.timeperframe.numerator = 1;
		p.parm.capture.timeperframe.denominator = fps;
		if (xioctl(dev->fd, VIDIOC_S_PARM, &p) < 0)
			return fail(dev, "VIDIOC_S_PARM", errno);
	} else if (xioctl(dev->fd, VIDIOC_G_PARM, &p) < 0) {
		return fail(dev, "VIDIOC_G_PARM", errno);
	}
	dev->tpf_num = p.parm.capture.timeperframe.numerator;
	dev->tpf_den = p.parm.capture.timeperframe.denominator;
	return VIDEO_OK;
}

int video_alloc_buffers(struct video_device *dev, unsigned int nbufs)
{
	struct v4l2_requestbuffers rb = {
		.count = nbufs, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
	};
	unsigned int i;

	if (xioctl(dev->fd, VIDIOC_REQBUFS, &rb) < 0)
		return fail(dev, "VIDIOC_REQBUFS", errno);
	if (rb.count < 2 || rb.count > VIDEO_MAX_BUFS) {
		dev->nbufs = rb.count;	/* for the caller's message; nothing mapped */
		return refuse(dev, "VIDIOC_REQBUFS", 0, VIDEO_EBUFS);
	}
	for (i = 0; i < rb.count; i++) {
		struct v4l2_buffer vb = {
			.index = i, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
		};
		void *mem;

		if (xioctl(dev->fd, VIDIOC_QUERYBUF, &vb) < 0)
			return fail(dev, "VIDIOC_QUERYBUF", errno);
		mem = mmap(NULL, vb.length, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd, vb.m.offset);
		if (mem == MAP_FAILED)
			return fail(dev, "mmap", errno);
		dev->buffers[i].mem = mem;
		dev->buffers[i].size = vb.length;
		dev->nbufs = i + 1;
	}
	return VIDEO_OK;
}

int video_queue_buffer(struct video_device *dev, unsigned int index)
{
	struct v4l2_buffer vb = {
		.index = index, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
	};

	if (xioctl(dev->fd, VIDIOC_QBUF, &vb) < 0)
		return fail(dev, "VIDIOC_QBUF", errno);
	return VIDEO_OK;
}

int video_queue_all(struct video_device *dev)
{
	unsigned int i;
	int ret;

	for (i = 0; i < dev->nbufs; i++) {
		ret = video_queue_buffer(dev, i);
		if (ret)
			return ret;
	}
	return VIDEO_OK;
}

int video_enable(struct video_device *dev, int on)
{
	int type = V4L2_BUF_TYPE_VIDEO_CAPTURE;

	if (xioctl(dev->fd, on ? VIDIOC_STREAMON : VIDIOC_STREAMOFF, &type) < 0)
		return fail(dev, on ? "VIDIOC_STREAMON" : "VIDIOC_STREAMOFF", errno);
	return VIDEO_OK;
}

#define AGAIN (-1)

/* Waits for a filled buffer and dequeues it: VIDEO_OK, AGAIN, or a failure. */
static int dequeue(struct video_device *dev, unsigned int timeout_ms, struct v4l2_buffer *vb)
{
	struct pollfd pfd = { .fd = dev->fd, .events = POLLIN };
	int r = poll(&pfd, 1, (int)timeout_ms);

	if (r < 0 && errno == EINTR)
		return AGAIN;	/* a signal: the caller's before_wait decides */
	if (r < 0)
		return fail(dev, "poll", errno);
	if (r == 0)
		return refuse(dev, "poll", 0, VIDEO_ETIMEOUT);
	if (xioctl(dev->fd, VIDIOC_DQBUF, vb) < 0) {
		if (errno == EAGAIN)
			return AGAIN;
		return fail(dev, "VIDIOC_DQBUF", errno);
	}
	return VIDEO_OK;
}

int video_capture(struct video_device *dev, const struct video_loop *loop)
{
	for (;;) {
		struct v4l2_buffer vb = {
			.type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
		};
		struct video_frame f;
		int next = loop->before_wait ? loop->before_wait(loop->arg) : VIDEO_NEXT;
		int ret;

		if (next == VIDEO_STOP)
			return VIDEO_OK;
		if (next != VIDEO_NEXT)
			return refuse(dev, "before_wait", 0, VIDEO_ECALLBACK);
		ret = dequeue(dev, loop->timeout_ms, &vb);
		if (ret == AGAIN)
			continue;
		if (ret)
			return ret;
		if (vb.index >= dev->nbufs)
			return refuse(dev, "VIDIOC_DQBUF", 0, VIDEO_ESTREAM);
		f = (struct video_frame){
			.index = vb.index, .data = dev->buffers[vb.index].mem,
			.length = vb.bytesused, .sequence = vb.sequence,
			.timestamp = vb.timestamp, .flags = vb.flags,
		};
		next = loop->frame(loop->arg, dev, &f);
		if (next != VIDEO_NEXT && next != VIDEO_STOP)
			return refuse(dev, "frame", 0, VIDEO_ECALLBACK);
		ret = video_queue_buffer(dev, vb.index);
		if (ret)
			return ret;
		if (next == VIDEO_STOP)
			return VIDEO_OK;
	}
}

void video_close(struct video_device *dev)
{
	unsigned int i;

	for (i = 0; i < dev->nbufs && i < VIDEO_MAX_BUFS; i++)
		if (dev->buffers[i].mem)
			munmap(dev->buffers[i].mem, dev->buffers[i].size);
	dev->nbufs = 0;
	if (dev->fd >= 0)
		close(dev->fd);
	dev->fd = -1;
}

/* " 640x480@60,30": one frame size and its discrete frame rates. */
static void offer_size(int fd, FILE *f, uint32_t fourcc, unsigned int w, unsigned int h)
{
	struct v4l2_frmivalenum fi = { .pixel_format = fourcc, .width = w, .height = h };

	fprintf(f, " %ux%u", w, h);
	for (fi.index = 0; xioctl(fd, VIDIOC_ENUM_FRAMEINTERVALS, &fi) == 0; fi.index++) {
		unsigned int num = fi.discrete.numerator, den = fi.discrete.denominator;

		if (fi.type != V4L2_FRMIVAL_TYPE_DISCRETE)
			break;
		if (num == 1 || (num && den % num == 0))
			fprintf(f, "%c%u", fi.index ? ',' : '@', den / (num ? num : 1));
		else
			fprintf(f, "%c%u/%u", fi.index ? ',' : '@', den, num);
	}
}

char *video_offers(struct video_device *dev)
{
	struct v4l2_fmtdesc fd_ = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	char cc[5], *text = NULL;
	size_t len = 0;
	int failed;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	for (fd_.index = 0; xioctl(dev->fd, VIDIOC_ENUM_FMT, &fd_) == 0; fd_.index++) {
		struct v4l2_frmsizeenum fs = { .pixel_format = fd_.pixelformat };

		video_fourcc_str(fd_.pixelformat, cc);
		fprintf(f, "%s%s", fd_.index ? "; " : "", cc);
		for (fs.index = 0; xioctl(dev->fd, VIDIOC_ENUM_FRAMESIZES, &fs) == 0; fs.index++) {
			if (fs.type != V4L2_FRMSIZE_TYPE_DISCRETE) {
				fprintf(f, " %ux%u..%ux%u", fs.stepwise.min_width,
					fs.stepwise.min_height, fs.stepwise.max_width,
					fs.stepwise.max_height);
				break;
			}
			offer_size(dev->fd, f, fd_.pixelformat, fs.discrete.width, fs.discrete.height);
		}
	}
	if (!fd_.index)
		fputs("no format", f);
	failed = ferror(f);
	if (fclose(f) || failed) {
		free(text);
		return NULL;
	}
	return text;
}

void video_fourcc_str(uint32_t fourcc, char out[5])
{
	int i;

	for (i = 0; i < 4; i++) {
		char ch = (char)(fourcc >> (8 * i));

		out[i] = ch >= 0x20 && ch < 0x7f ? ch : '?';
	}
	out[4] = '\0';
}

uint32_t video_fourcc_parse(const char *s)
{
	if (!strcasecmp(s, "yuyv"))
		return V4L2_PIX_FMT_YUYV;
	if (!strcasecmp(s, "mjpeg") || !strcasecmp(s, "mjpg"))
		return V4L2_PIX_FMT_MJPEG;
	return 0;
}

const char *video_status_name(int status)
{
	static const char *const names[] = {
		[VIDEO_OK] = "ok",
		[VIDEO_ENODEV] = "no such device",
		[VIDEO_EOPEN] = "cannot open",
		[VIDEO_ENOTCAP] = "not a V4L2 video capture device with streaming I/O",
		[VIDEO_EBUSY] = "device busy",
		[VIDEO_EFORMAT] = "format refused",
		[VIDEO_EBUFS] = "unusable number of buffers",
		[VIDEO_ETIMEOUT] = "no frame in time",
		[VIDEO_EGONE] = "the device disappeared",
		[VIDEO_ESTREAM] = "streaming failed",
		[VIDEO_ECALLBACK] = "stopped by the frame callback",
	};

	if (status < 0 || (size_t)status >= sizeof(names) / sizeof(names[0]))
		return "unknown error";
	return names[status];
}

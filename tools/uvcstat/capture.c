// SPDX-License-Identifier: GPL-2.0
/* capture.c - V4L2 mmap capture with framestamp verification (capture.h). */
#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "capture.h"
#include "uvcstat.h"
#include "v4l2io.h"

void uvc_fourcc_str(uint32_t fourcc, char out[5])
{
	int i;

	for (i = 0; i < 4; i++) {
		char ch = (char)(fourcc >> (8 * i));

		out[i] = ch >= 0x20 && ch < 0x7f ? ch : '?';
	}
	out[4] = '\0';
}

uint32_t uvc_fourcc_parse(const char *s)
{
	if (!strcasecmp(s, "yuyv"))
		return V4L2_PIX_FMT_YUYV;
	if (!strcasecmp(s, "mjpeg") || !strcasecmp(s, "mjpg"))
		return V4L2_PIX_FMT_MJPEG;
	return 0;
}

static int progress_visible;

/* Erases the progress line, so that an error is one clean line. */
static void clear_progress(void)
{
	if (progress_visible)
		fputs("\r\033[K", stderr);
	progress_visible = 0;
}

/* An errno of a V4L2 call as an exit code and message. */
static int v4l2_fail(const struct uvc_capture_opts *o, const char *what, int err)
{
	clear_progress();
	if (err == EBUSY)
		return uvc_fail(EXIT_BUSY, "%s: device busy (%s): another program is using it",
				o->dev, what);
	if (err == ENODEV)
		return uvc_fail(EXIT_CAPTURE, "%s: the device disappeared (%s)", o->dev, what);
	return uvc_fail(EXIT_CAPTURE, "%s: %s: %s", o->dev, what, strerror(err));
}

int uvc_capture_open(const struct uvc_capture_opts *o, struct uvc_capture *c)
{
	struct v4l2_capability cap;
	struct stat st;
	uint32_t caps;
	int err;

	memset(c, 0, sizeof(*c));
	c->fd = -1;
	if (stat(o->dev, &st) < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return uvc_fail(EXIT_NO_DEVICE, "%s: no such device", o->dev);
		return uvc_fail(EXIT_NO_DEVICE, "%s: %s", o->dev, strerror(errno));
	}
	if (!S_ISCHR(st.st_mode))
		return uvc_fail(EXIT_NOT_CAPTURE, "%s: not a V4L2 capture device (not a character device)",
				o->dev);
	c->rdev = st.st_rdev;
	c->fd = open(o->dev, O_RDWR | O_NONBLOCK);
	if (c->fd < 0) {
		err = errno;
		if (err == ENODEV || err == ENXIO || err == ENOENT)
			return uvc_fail(EXIT_NO_DEVICE, "%s: no such device (%s)", o->dev, strerror(err));
		if (err == EBUSY)
			return uvc_fail(EXIT_BUSY, "%s: device busy", o->dev);
		return uvc_fail(EXIT_IO, "%s: cannot open: %s", o->dev, strerror(err));
	}
	if (xioctl(c->fd, VIDIOC_QUERYCAP, &cap) < 0) {
		err = errno;
		if (err == ENOTTY || err == EINVAL)
			return uvc_fail(EXIT_NOT_CAPTURE, "%s: not a V4L2 device (VIDIOC_QUERYCAP: %s)",
					o->dev, strerror(err));
		return v4l2_fail(o, "VIDIOC_QUERYCAP", err);
	}
	snprintf(c->driver, sizeof(c->driver), "%s", (const char *)cap.driver);
	snprintf(c->card, sizeof(c->card), "%s", (const char *)cap.card);
	snprintf(c->bus_info, sizeof(c->bus_info), "%s", (const char *)cap.bus_info);
	caps = cap.capabilities & V4L2_CAP_DEVICE_CAPS ? cap.device_caps : cap.capabilities;
	if (!(caps & V4L2_CAP_VIDEO_CAPTURE))
		return uvc_fail(EXIT_NOT_CAPTURE, "%s: not a V4L2 video capture device (%s '%s'%s)",
				o->dev, c->driver, c->card,
				caps & V4L2_CAP_META_CAPTURE ? ": a metadata node" : "");
	if (!(caps & V4L2_CAP_STREAMING))
		return uvc_fail(EXIT_NOT_CAPTURE, "%s: no streaming I/O (mmap) capability", o->dev);
	if (strcmp(c->driver, "uvcvideo") != 0)
		return uvc_fail(EXIT_NOT_UVC, "%s: not a uvcvideo device (driver '%s', card '%s')",
				o->dev, c->driver, c->card);
	return EXIT_OK;
}

/* " YUYV 640x480@30,60 1280x720@30; MJPG ..." : what the device offers. */
static void offers(int fd, struct buf *b)
{
	struct v4l2_fmtdesc fd_ = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	char cc[5];

	for (fd_.index = 0; xioctl(fd, VIDIOC_ENUM_FMT, &fd_) == 0; fd_.index++) {
		struct v4l2_frmsizeenum fs = { .pixel_format = fd_.pixelformat };

		uvc_fourcc_str(fd_.pixelformat, cc);
		buf_printf(b, "%s%s", fd_.index ? "; " : "", cc);
		for (fs.index = 0; xioctl(fd, VIDIOC_ENUM_FRAMESIZES, &fs) == 0; fs.index++) {
			struct v4l2_frmivalenum fi = { .pixel_format = fd_.pixelformat };

			if (fs.type != V4L2_FRMSIZE_TYPE_DISCRETE) {
				buf_printf(b, " %ux%u..%ux%u", fs.stepwise.min_width, fs.stepwise.min_height,
					   fs.stepwise.max_width, fs.stepwise.max_height);
				break;
			}
			buf_printf(b, " %ux%u", fs.discrete.width, fs.discrete.height);
			fi.width = fs.discrete.width;
			fi.height = fs.discrete.height;
			for (fi.index = 0; xioctl(fd, VIDIOC_ENUM_FRAMEINTERVALS, &fi) == 0; fi.index++) {
				if (fi.type != V4L2_FRMIVAL_TYPE_DISCRETE)
					break;
				if (fi.discrete.numerator == 1 || (fi.discrete.numerator &&
				    fi.discrete.denominator % fi.discrete.numerator == 0))
					buf_printf(b, "%c%u", fi.index ? ',' : '@',
						   fi.discrete.denominator / (fi.discrete.numerator ?
						   fi.discrete.numerator : 1));
				else
					buf_printf(b, "%c%u/%u", fi.index ? ',' : '@',
						   fi.discrete.denominator, fi.discrete.numerator);
			}
		}
	}
	if (!b->len)
		buf_puts(b, "no format");
}

static int refused(const struct uvc_capture_opts *o, int fd, const char *what)
{
	struct buf b = { 0 };
	int ret;

	offers(fd, &b);
	ret = uvc_fail(EXIT_FORMAT, "%s: %s refused; the device offers %s (fps after @)", o->dev, what,
		       b.oom ? "(out of memory)" : b.data);
	buf_free(&b);
	return ret;
}

int uvc_capture_setup(const struct uvc_capture_opts *o, struct uvc_capture *c)
{
	struct v4l2_format f = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_streamparm p = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_requestbuffers rb = {
		.count = o->nbufs, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
	};
	char want[64], cc[5];
	unsigned int i;

	uvc_fourcc_str(o->fourcc, cc);
	snprintf(want, sizeof(want), "%s %ux%u", cc, o->width, o->height);
	f.fmt.pix.width = o->width;
	f.fmt.pix.height = o->height;
	f.fmt.pix.pixelformat = o->fourcc;
	f.fmt.pix.field = V4L2_FIELD_NONE;
	if (xioctl(c->fd, VIDIOC_S_FMT, &f) < 0) {
		if (errno == EINVAL)
			return refused(o, c->fd, want);
		return v4l2_fail(o, "VIDIOC_S_FMT", errno);
	}
	if (f.fmt.pix.width != o->width || f.fmt.pix.height != o->height ||
	    f.fmt.pix.pixelformat != o->fourcc)
		return refused(o, c->fd, want);
	c->fourcc = f.fmt.pix.pixelformat;
	c->width = f.fmt.pix.width;
	c->height = f.fmt.pix.height;
	if (o->fps) {
		p.parm.capture.timeperframe.numerator = 1;
		p.parm.capture.timeperframe.denominator = o->fps;
		if (xioctl(c->fd, VIDIOC_S_PARM, &p) < 0)
			return v4l2_fail(o, "VIDIOC_S_PARM", errno);
		if (p.parm.capture.timeperframe.numerator * o->fps !=
		    p.parm.capture.timeperframe.denominator) {
			snprintf(want, sizeof(want), "%s %ux%u at %u fps", cc, o->width, o->height, o->fps);
			return refused(o, c->fd, want);
		}
	} else if (xioctl(c->fd, VIDIOC_G_PARM, &p) < 0) {
		return v4l2_fail(o, "VIDIOC_G_PARM", errno);
	}
	c->tpf_num = p.parm.capture.timeperframe.numerator;
	c->tpf_den = p.parm.capture.timeperframe.denominator;
	if (xioctl(c->fd, VIDIOC_REQBUFS, &rb) < 0)
		return v4l2_fail(o, "VIDIOC_REQBUFS", errno);
	if (rb.count < 2 || rb.count > UVC_CAPTURE_MAX_BUFS)
		return uvc_fail(EXIT_CAPTURE, "%s: VIDIOC_REQBUFS gave %u buffers", o->dev, rb.count);
	c->nbufs = rb.count;
	for (i = 0; i < rb.count; i++) {
		struct v4l2_buffer vb = {
			.index = i, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
		};

		if (xioctl(c->fd, VIDIOC_QUERYBUF, &vb) < 0)
			return v4l2_fail(o, "VIDIOC_QUERYBUF", errno);
		c->buf[i].len = vb.length;
		c->buf[i].p = mmap(NULL, vb.length, PROT_READ | PROT_WRITE, MAP_SHARED, c->fd,
				   vb.m.offset);
		if (c->buf[i].p == MAP_FAILED) {
			c->buf[i].p = NULL;
			return uvc_fail(EXIT_CAPTURE, "%s: mmap: %s", o->dev, strerror(errno));
		}
	}
	return EXIT_OK;
}

static int queue(const struct uvc_capture_opts *o, struct uvc_capture *c, unsigned int i)
{
	struct v4l2_buffer vb = {
		.index = i, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
	};

	if (xioctl(c->fd, VIDIOC_QBUF, &vb) < 0)
		return v4l2_fail(o, "VIDIOC_QBUF", errno);
	return EXIT_OK;
}

static void progress(const struct uvc_capture_opts *o, const struct uvc_capture *c, double t)
{
	fprintf(stderr, "\ruvcstat: frames %llu%s", (unsigned long long)c->frames,
		o->frames ? "" : " ");
	if (o->frames)
		fprintf(stderr, "/%lu", o->frames);
	fprintf(stderr, "  fps %.2f  drops %llu  elapsed %.1f s\033[K",
		t > 0 ? (double)c->frames / t : 0.0,
		(unsigned long long)(o->verify ? c->v.dropped : 0), t);
	fflush(stderr);
	progress_visible = 1;
}

/* One dequeued buffer: count and verify it. */
static void take(const struct uvc_capture_opts *o, struct uvc_capture *c,
		 const struct v4l2_buffer *vb, uint32_t *vseq)
{
	struct fs_stamp st = { 0 };
	enum fs_status s;

	c->bytes += vb->bytesused;
	if (o->verify) {
		s = fs_verify(&c->v, c->buf[vb->index].p, vb->bytesused, &st);
		if (s == FS_OUT_OF_ORDER && c->frames && (int32_t)(vb->sequence - *vseq) < 0)
			c->host_reordered++;	/* uvcvideo completed the buffers out of order */
	}
	if (!c->frames || (int32_t)(vb->sequence - *vseq) > 0)
		*vseq = vb->sequence;
	c->frames++;
}

static int stream_loop(const struct uvc_capture_opts *o, struct uvc_capture *c,
		       uvc_capture_hook hook, void *arg)
{
	double t0 = now(), shown = 0, t;
	uint32_t vseq = 0;
	int ret;

	while (!o->frames || c->frames < o->frames) {
		struct pollfd pfd = { .fd = c->fd, .events = POLLIN };
		struct v4l2_buffer vb = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP };
		int r;

		t = now() - t0;
		if ((o->seconds > 0 && t >= o->seconds) || (o->stop && *o->stop))
			break;
		if (o->progress && t - shown >= 0.5) {
			progress(o, c, t);
			shown = t;
		}
		r = poll(&pfd, 1, (int)o->timeout_s * 1000);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			clear_progress();
			return uvc_fail(EXIT_CAPTURE, "%s: no frame within %u s (%llu captured)", o->dev,
					o->timeout_s, (unsigned long long)c->frames);
		}
		if (xioctl(c->fd, VIDIOC_DQBUF, &vb) < 0) {
			if (errno == EAGAIN)
				continue;
			return v4l2_fail(o, "VIDIOC_DQBUF", errno);
		}
		if (vb.flags & V4L2_BUF_FLAG_ERROR) {
			c->flagged++;	/* not a frame: the driver gave up on the buffer */
		} else {
			take(o, c, &vb, &vseq);
			if (c->frames == 1 && hook) {
				clear_progress();
				ret = hook(arg);
				if (ret)
					return ret;
			}
		}
		ret = queue(o, c, vb.index);
		if (ret)
			return ret;
	}
	c->seconds = now() - t0;
	clear_progress();
	return EXIT_OK;
}

int uvc_capture_stream(const struct uvc_capture_opts *o, struct uvc_capture *c,
		       uvc_capture_hook hook, void *arg)
{
	int type = V4L2_BUF_TYPE_VIDEO_CAPTURE, ret;
	unsigned int i;

	fs_verifier_init(&c->v);
	for (i = 0; i < c->nbufs; i++) {
		ret = queue(o, c, i);
		if (ret)
			return ret;
	}
	if (xioctl(c->fd, VIDIOC_STREAMON, &type) < 0)
		return v4l2_fail(o, "VIDIOC_STREAMON", errno);
	ret = stream_loop(o, c, hook, arg);
	clear_progress();
	if (xioctl(c->fd, VIDIOC_STREAMOFF, &type) < 0 && !ret)
		ret = v4l2_fail(o, "VIDIOC_STREAMOFF", errno);
	return ret;
}

void uvc_capture_close(struct uvc_capture *c)
{
	unsigned int i;

	for (i = 0; i < c->nbufs; i++)
		if (c->buf[i].p)
			munmap(c->buf[i].p, c->buf[i].len);
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
}

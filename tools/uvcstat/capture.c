// SPDX-License-Identifier: GPL-2.0
/*
 * capture.c - `uvcstat run`'s capture (capture.h) on the shared V4L2 code
 * (tools/common/video.c): the uvcvideo check, the framestamp verification
 * (of stamped frames only: frame_verify.h), the progress line, and each
 * failure as an exit code and one line.
 */
#include <errno.h>
#include <linux/videodev2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "uvcstat.h"
#include "v4l2io.h"

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

/* A failed video_open() as the exit code and message of each case. */
static int open_fail(const struct uvc_capture_opts *o, const struct video_device *d, int status)
{
	int err = d->err.errnum;
	int from_stat = !strcmp(d->err.call, "stat"), from_open = !strcmp(d->err.call, "open");

	switch (status) {
	case VIDEO_ENODEV:
		if (from_stat && (err == ENOENT || err == ENOTDIR))
			return uvc_fail(EXIT_NO_DEVICE, "%s: no such device", o->dev);
		if (from_stat)
			return uvc_fail(EXIT_NO_DEVICE, "%s: %s", o->dev, strerror(err));
		return uvc_fail(EXIT_NO_DEVICE, "%s: no such device (%s)", o->dev, strerror(err));
	case VIDEO_EOPEN:
		return uvc_fail(EXIT_IO, "%s: cannot open: %s", o->dev, strerror(err));
	case VIDEO_EBUSY:
		if (from_open)
			return uvc_fail(EXIT_BUSY, "%s: device busy", o->dev);
		break;
	case VIDEO_ENOTCAP:
		if (from_stat)
			return uvc_fail(EXIT_NOT_CAPTURE, "%s: not a V4L2 capture device "
					"(not a character device)", o->dev);
		if (err)
			return uvc_fail(EXIT_NOT_CAPTURE, "%s: not a V4L2 device (VIDIOC_QUERYCAP: %s)",
					o->dev, strerror(err));
		if (!(d->caps & V4L2_CAP_VIDEO_CAPTURE))
			return uvc_fail(EXIT_NOT_CAPTURE, "%s: not a V4L2 video capture device (%s '%s'%s)",
					o->dev, d->driver, d->card,
					d->caps & V4L2_CAP_META_CAPTURE ? ": a metadata node" : "");
		return uvc_fail(EXIT_NOT_CAPTURE, "%s: no streaming I/O (mmap) capability", o->dev);
	}
	return v4l2_fail(o, d->err.call, err);
}

int uvc_capture_open(const struct uvc_capture_opts *o, struct uvc_capture *c)
{
	int ret;

	memset(c, 0, sizeof(*c));
	ret = video_open(&c->dev, o->dev);
	c->fd = c->dev.fd;
	if (ret)
		return open_fail(o, &c->dev, ret);
	c->rdev = c->dev.rdev;
	memcpy(c->driver, c->dev.driver, sizeof(c->driver));
	memcpy(c->card, c->dev.card, sizeof(c->card));
	memcpy(c->bus_info, c->dev.bus_info, sizeof(c->bus_info));
	if (strcmp(c->driver, "uvcvideo") != 0)
		return uvc_fail(EXIT_NOT_UVC, "%s: not a uvcvideo device (driver '%s', card '%s')",
				o->dev, c->driver, c->card);
	return EXIT_OK;
}

/* WHAT refused: the message lists what the device offers. */
static int refused(const struct uvc_capture_opts *o, struct uvc_capture *c, const char *what)
{
	char *offers = video_offers(&c->dev);
	int ret;

	ret = uvc_fail(EXIT_FORMAT, "%s: %s refused; the device offers %s (fps after @)", o->dev, what,
		       offers ? offers : "(out of memory)");
	free(offers);
	return ret;
}

int uvc_capture_setup(const struct uvc_capture_opts *o, struct uvc_capture *c)
{
	char want[64], cc[5];
	int ret;

	uvc_fourcc_str(o->fourcc, cc);
	snprintf(want, sizeof(want), "%s %ux%u", cc, o->width, o->height);
	ret = video_set_format(&c->dev, o->fourcc, o->width, o->height);
	if (ret == VIDEO_EFORMAT)
		return refused(o, c, want);
	if (ret)
		return v4l2_fail(o, c->dev.err.call, c->dev.err.errnum);
	c->fourcc = c->dev.fourcc;
	c->width = c->dev.width;
	c->height = c->dev.height;
	ret = video_set_framerate(&c->dev, o->fps);
	if (ret)
		return v4l2_fail(o, c->dev.err.call, c->dev.err.errnum);
	if (o->fps && c->dev.tpf_num * o->fps != c->dev.tpf_den) {
		snprintf(want, sizeof(want), "%s %ux%u at %u fps", cc, o->width, o->height, o->fps);
		return refused(o, c, want);
	}
	c->tpf_num = c->dev.tpf_num;
	c->tpf_den = c->dev.tpf_den;
	ret = video_alloc_buffers(&c->dev, o->nbufs);
	if (ret == VIDEO_EBUFS)
		return uvc_fail(EXIT_CAPTURE, "%s: VIDIOC_REQBUFS gave %u buffers", o->dev, c->dev.nbufs);
	if (ret)
		return v4l2_fail(o, c->dev.err.call, c->dev.err.errnum);
	c->nbufs = c->dev.nbufs;
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
		(unsigned long long)(c->verify == UVC_VERIFY_CHECKING ? c->v.dropped : 0), t);
	fflush(stderr);
	progress_visible = 1;
}

/* The capture loop's state, for its callbacks. */
struct stream {
	const struct uvc_capture_opts *o;
	struct uvc_capture *c;
	uvc_capture_hook hook;
	void *arg;
	double t0, shown;
	uint32_t vseq;		/* highest V4L2 sequence so far */
	int ret;		/* the hook's exit code */
};

/* Before each wait: enough frames, time up, Ctrl-C? Else the progress line. */
static int before_wait(void *arg)
{
	struct stream *s = arg;
	const struct uvc_capture_opts *o = s->o;
	double t = now() - s->t0;

	if (o->frames && s->c->frames >= o->frames)
		return VIDEO_STOP;
	if ((o->seconds > 0 && t >= o->seconds) || (o->stop && *o->stop))
		return VIDEO_STOP;
	if (o->progress && t - s->shown >= 0.5) {
		progress(o, s->c, t);
		s->shown = t;
	}
	return VIDEO_NEXT;
}

/* One dequeued buffer: count and verify it; the hook after the first frame. */
static int take(void *arg, struct video_device *dev, const struct video_frame *f)
{
	struct stream *s = arg;
	struct uvc_capture *c = s->c;
	struct fs_stamp st = { 0 };
	enum fs_status fs;

	(void)dev;
	if (f->flags & V4L2_BUF_FLAG_ERROR) {
		c->flagged++;	/* not a frame: the driver gave up on the buffer */
		return VIDEO_NEXT;
	}
	c->bytes += f->length;
	c->verify = uvc_verify_next(s->o->verify, c->verify, f->data, f->length);
	if (c->verify == UVC_VERIFY_CHECKING) {
		fs = fs_verify(&c->v, f->data, f->length, &st);
		if (fs == FS_OUT_OF_ORDER && c->frames && (int32_t)(f->sequence - s->vseq) < 0)
			c->host_reordered++;	/* uvcvideo completed the buffers out of order */
	}
	if (!c->frames || (int32_t)(f->sequence - s->vseq) > 0)
		s->vseq = f->sequence;
	c->frames++;
	if (c->frames == 1 && s->hook) {
		clear_progress();
		s->ret = s->hook(s->arg);
		if (s->ret)
			return VIDEO_FAIL;
	}
	return VIDEO_NEXT;
}

static int stream_loop(const struct uvc_capture_opts *o, struct uvc_capture *c,
		       uvc_capture_hook hook, void *arg)
{
	struct stream s = { .o = o, .c = c, .hook = hook, .arg = arg, .t0 = now() };
	struct video_loop loop = {
		.frame = take, .before_wait = before_wait, .arg = &s,
		.timeout_ms = o->timeout_s * 1000,
	};
	int ret = video_capture(&c->dev, &loop);

	if (ret == VIDEO_ECALLBACK)
		return s.ret;
	if (ret == VIDEO_ETIMEOUT) {
		clear_progress();
		return uvc_fail(EXIT_CAPTURE, "%s: no frame within %u s (%llu captured)", o->dev,
				o->timeout_s, (unsigned long long)c->frames);
	}
	if (ret)
		return v4l2_fail(o, c->dev.err.call, c->dev.err.errnum);
	c->seconds = now() - s.t0;
	clear_progress();
	return EXIT_OK;
}

int uvc_capture_stream(const struct uvc_capture_opts *o, struct uvc_capture *c,
		       uvc_capture_hook hook, void *arg)
{
	int ret;

	fs_verifier_init(&c->v);
	c->verify = UVC_VERIFY_UNDECIDED;
	if (video_queue_all(&c->dev) || video_enable(&c->dev, 1))
		return v4l2_fail(o, c->dev.err.call, c->dev.err.errnum);
	ret = stream_loop(o, c, hook, arg);
	clear_progress();
	if (video_enable(&c->dev, 0) && !ret)
		ret = v4l2_fail(o, c->dev.err.call, c->dev.err.errnum);
	return ret;
}

void uvc_capture_close(struct uvc_capture *c)
{
	if (c->fd >= 0)
		video_close(&c->dev);
	c->fd = -1;
}

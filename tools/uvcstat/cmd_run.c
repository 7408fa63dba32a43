// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_run.c - `uvcstat run`: capture from a uvcvideo node (capture.c),
 * verify the virtual camera's frames, read the debugfs statistics of that
 * very stream (run_debugfs.c, debugfs_dir.c: found through sysfs) and print
 * them like `report`, headed by where they were measured (run_output.c,
 * platform.c).
 *
 * Order: every check that can fail without streaming (device, debugfs,
 * statistics file) runs before the capture, so a refused run costs nothing.
 */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "render.h"
#include "run.h"
#include "uvcstat.h"

static const char run_usage[] =
	"usage: uvcstat run [-d DEVICE] [-f YUYV|MJPEG] [-s WxH] [-r FPS] [-c FRAMES]\n"
	"                   [-t SECONDS] [-n BUFFERS] [--timeout SECONDS]\n"
	"                   [--verify | --no-verify] [--debugfs DIR] [--text | --json | --csv]\n"
	"Captures from DEVICE (default /dev/video0, a uvcvideo node) with mmap\n"
	"streaming: format -f (default YUYV; MJPEG or any four-character V4L2 code the\n"
	"device offers), size -s (default 640x480), -r frames per\n"
	"second (default 30; 0 leaves the interval alone), -c frames (default 300;\n"
	"0 = no limit) or -t seconds (whichever ends first; Ctrl-C ends early),\n"
	"-n buffers (default 4). Frames that carry a framestamp (the virtual camera,\n"
	"tools/vcam) are verified (sequence and checksum); a camera's frames without\n"
	"one are not checked; --verify / --no-verify force it.\n"
	"Then reads the uvcvideo debugfs statistics of that stream\n"
	"(DIR/usb/uvcvideo/<bus>-<dev>-<intf>/stats_raw, DIR default /sys/kernel/debug,\n"
	"the directory found through sysfs) and prints them like 'uvcstat report',\n"
	"after '# ' lines saying what was captured and where it was measured\n"
	"(kernel, URB allocation, QEMU TCG or hardware, CPU). A progress line goes to\n"
	"stderr when stderr is a terminal.\n";

static volatile sig_atomic_t stop_flag;

static void on_sigint(int sig)
{
	(void)sig;
	stop_flag = 1;
}

static int parse_size(const char *s, unsigned int *w, unsigned int *h)
{
	char *end;
	unsigned long a, b;

	a = strtoul(s, &end, 10);
	if (end == s || (*end != 'x' && *end != 'X'))
		return -1;
	s = end + 1;
	b = strtoul(s, &end, 10);
	if (end == s || *end || !a || !b || a > 65535 || b > 65535)
		return -1;
	*w = (unsigned int)a;
	*h = (unsigned int)b;
	return 0;
}

/*
 * YUYV, MJPEG (MJPG) in any case, or any four-character V4L2 code as the
 * device lists it (NV12, UYVY, H264...): a real camera may offer neither
 * of the virtual camera's two. 0 if none of those.
 */
static uint32_t parse_fourcc(const char *s)
{
	uint32_t fourcc = uvc_fourcc_parse(s);
	int i;

	if (fourcc)
		return fourcc;
	if (strlen(s) != 4)
		return 0;
	for (i = 0; i < 4; i++) {
		if (s[i] <= ' ' || s[i] >= 0x7f)
			return 0;
		fourcc |= (uint32_t)(unsigned char)s[i] << (8 * i);
	}
	return fourcc;
}

static int parse_seconds(const char *s, double *v)
{
	char *end;

	if (!s)
		return -1;
	*v = strtod(s, &end);
	return end == s || *end || !(*v > 0) || *v > 1e6 ? -1 : 0;
}

/* -c 0 and -r 0 are meaningful: a number from 0. */
static int parse_count(const char *opt, const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	if (!s || *s < '0' || *s > '9')
		return uvc_fail(EXIT_USAGE, "run: %s needs a number", opt);
	*v = strtoul(s, &end, 10);
	if (*end || *v > max)
		return uvc_fail(EXIT_USAGE, "run: %s needs a number from 0 to %lu, got '%s'", opt, max, s);
	return 0;
}

static const struct option run_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "device", required_argument, NULL, 'd' },
	{ "format", required_argument, NULL, 'f' },
	{ "size", required_argument, NULL, 's' },
	{ "fps", required_argument, NULL, 'r' },
	{ "frames", required_argument, NULL, 'c' },
	{ "seconds", required_argument, NULL, 't' },
	{ "buffers", required_argument, NULL, 'n' },
	{ "timeout", required_argument, NULL, 'T' },
	{ "debugfs", required_argument, NULL, 'D' },
	{ "verify", no_argument, NULL, 'V' },
	{ "no-verify", no_argument, NULL, 'N' },
	{ 0 }
};

static int parse_args(int argc, char **argv, struct run_opts *o)
{
	struct uvc_capture_opts *c = &o->cap;
	struct uvc_cli cli;
	unsigned long n;
	int ret, opt, frames_set = 0;

	memset(o, 0, sizeof(*o));
	c->dev = "/dev/video0";
	c->fourcc = uvc_fourcc_parse("YUYV");
	c->width = 640;
	c->height = 480;
	c->fps = 30;
	c->frames = 300;
	c->nbufs = 4;
	c->timeout_s = 10;
	o->debugfs = "/sys/kernel/debug";
	o->verify = UVC_VERIFY_AUTO;
	uvc_cli_init(&cli, argc, argv, "hd:f:s:r:c:t:n:", run_options,
		     UVC_OUT_MASK(TEXT) | UVC_OUT_MASK(JSON) | UVC_OUT_MASK(CSV), 0);
	while ((opt = uvc_cli_next(&cli)) != UVC_CLI_END) {
		const char *a = cli.opt, *v = cli.value;

		if (cli.missing)
			return uvc_fail(EXIT_USAGE, "run: %s needs a value (see uvcstat run --help)", a);
		switch (opt) {
		case 'h':
			fputs(run_usage, stdout);
			return -1;
		case UVC_CLI_FORMAT:
			o->fmt = cli.format;
			break;
		case 'V':
			o->verify = UVC_VERIFY_ON;
			break;
		case 'N':
			o->verify = UVC_VERIFY_OFF;
			break;
		case 'd':
			c->dev = v;
			break;
		case 'D':
			o->debugfs = v;
			break;
		case 'f':
			c->fourcc = parse_fourcc(v);
			if (!c->fourcc)
				return uvc_fail(EXIT_USAGE, "run: -f takes YUYV, MJPEG or another "
						"four-character V4L2 format (NV12, H264...), got '%s'", v);
			break;
		case 's':
			if (parse_size(v, &c->width, &c->height))
				return uvc_fail(EXIT_USAGE, "run: -s takes WIDTHxHEIGHT (e.g. 640x480), got '%s'", v);
			break;
		case 'r':
			ret = parse_count(a, v, 1000, &n);
			if (ret)
				return ret;
			c->fps = (unsigned int)n;
			break;
		case 'c':
			ret = parse_count(a, v, 100000000, &c->frames);
			if (ret)
				return ret;
			frames_set = 1;
			break;
		case 't':
			if (parse_seconds(v, &c->seconds))
				return uvc_fail(EXIT_USAGE, "run: -t takes seconds above 0, got '%s'", v);
			break;
		case 'n':
			ret = parse_count(a, v, UVC_CAPTURE_MAX_BUFS, &n);
			if (ret)
				return ret;
			if (n < 2)
				return uvc_fail(EXIT_USAGE, "run: -n needs 2 to %d buffers", UVC_CAPTURE_MAX_BUFS);
			c->nbufs = (unsigned int)n;
			break;
		case 'T':
			ret = parse_count(a, v, 3600, &n);
			if (ret)
				return ret;
			c->timeout_s = n ? (unsigned int)n : 1;
			break;
		default:	/* unknown options and operands */
			return uvc_fail(EXIT_USAGE, "run: unknown argument '%s' (see uvcstat run --help)", cli.arg);
		}
	}
	if (c->seconds > 0 && !frames_set)
		c->frames = 0;		/* -t alone: for that long */
	if (!c->frames && !(c->seconds > 0) && !isatty(STDIN_FILENO))
		return uvc_fail(EXIT_USAGE, "run: -c 0 without -t only on a terminal (Ctrl-C ends it)");
	return 0;
}

/* Device, sysfs and debugfs checks, then the capture. */
static int capture(struct run_opts *o, struct run_ctx *x, struct uvc_capture *c)
{
	char name[64], err[PATH_MAX + 128];
	int ret;

	ret = uvc_capture_open(&o->cap, c);
	if (ret)
		return ret;
	if (uvc_video_sysname("", c->rdev, name, sizeof(name)))
		return uvc_fail(EXIT_NOT_UVC, "%s: no /sys/class/video4linux entry for this node", o->cap.dev);
	if (uvc_stats_locate("", name, &x->loc, err, sizeof(err)))
		return uvc_fail(EXIT_NOT_UVC, "%s: not a uvcvideo USB stream: %s", o->cap.dev, err);
	if (x->loc.nintf == 1) {
		x->pick = 0;
		ret = run_check_stats(o, x, 0);
	} else {
		x->pick = -1;	/* decided while streaming */
		ret = run_check_stats(o, x, 0);
		if (ret == EXIT_NO_STATS)
			ret = EXIT_OK;	/* maybe the other stream's */
		/* another program's streams, not ours */
		x->streaming_before = uvc_stats_streaming(o->debugfs, &x->loc);
	}
	if (ret)
		return ret;
	o->cap.verify = o->verify;
	ret = uvc_capture_setup(&o->cap, c);
	if (ret)
		return ret;
	return uvc_capture_stream(&o->cap, c, run_pick_stream, x);
}

int cmd_run(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_sigint };
	struct run_opts o;
	struct run_ctx x;
	struct uvc_platform pf;
	struct uvc_capture c = { .fd = -1 };
	struct uvc_report r;
	struct buf out = { 0 };
	struct uvc_emit e;
	int ret;

	ret = parse_args(argc, argv, &o);
	if (ret)
		return ret < 0 ? (fflush(stdout) ? EXIT_INTERNAL : EXIT_OK) : ret;
	memset(&x, 0, sizeof(x));
	x.o = &o;
	x.pick = -1;
	o.cap.progress = isatty(STDERR_FILENO);
	o.cap.stop = &stop_flag;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	ret = capture(&o, &x, &c);
	uvc_platform_probe("", &pf);	/* where it was measured */
	if (!ret)
		ret = run_read_stats(&x, &r);	/* after STREAMOFF, before close */
	uvc_capture_close(&c);
	if (ret)
		return ret;
	if (o.verify == UVC_VERIFY_ON && c.frames && !c.v.ok)
		return uvc_fail(EXIT_VERIFY, "%s: no frame carried a valid framestamp (of %" PRIu64
				"): --verify checks the virtual camera's (tools/vcam) frames", o.cap.dev, c.frames);
	if (c.verify == UVC_VERIFY_CHECKING && (c.v.corrupt || c.v.out_of_order > c.host_reordered))
		return uvc_fail(EXIT_VERIFY, "%s: frames failed verification: %" PRIu64 " corrupt, %" PRIu64
				" out of order from the camera (of %" PRIu64 ")", o.cap.dev, c.v.corrupt,
				c.v.out_of_order - c.host_reordered, c.frames);
	switch (o.fmt) {
	case UVC_OUT_TEXT:
		run_render_header(&out, &x, &c, &r, &pf);
		uvc_render_text(&out, &r.p);
		break;
	case UVC_OUT_JSON:
	case UVC_OUT_CSV:
		uvc_emit_init(&e, &out, o.fmt);
		run_render_record(&e, &x, &c, &r, &pf);
		uvc_emit_finish(&e);
		break;
	default:	/* --raw is report's only */
		break;
	}
	ret = uvc_write_output(&out);
	buf_free(&out);
	return ret;
}

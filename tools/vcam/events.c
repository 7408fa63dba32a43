// SPDX-License-Identifier: GPL-2.0
/*
 * vcam-events: a V4L2 control event subscriber for the vcam tests that
 * says when it is listening. It subscribes to one control's events, prints
 *   subscribed NAME
 * and then one line a dequeued event
 *   event NAME value V
 * each line flushed as it is printed, until COUNT events (then exit 0) or
 * the timeout (exit 1). A test that waits for "subscribed" before it
 * changes the control knows the change cannot come before the
 * subscription, and one that waits for the first event line before it lets
 * the camera send the next knows V4L2 did not merge the two: a control
 * event queue holds one event, a newer one replaces it.
 *
 * -s VALUE sets the control once subscribed, through a second file of the
 * node that stays open until the events are in (then "set NAME VALUE"):
 * the change is not the subscriber's own, so its event reaches it, and the
 * setter's file is open while an asynchronous control completes. On 7.3
 * uvcvideo polls the status endpoint only while the camera is in use
 * (uvc_pm_get(): an ioctl, a stream, or an asynchronous control whose file
 * is still open); 6.1 and 6.12 poll it while any file of the node is open
 * (uvc_v4l2_open()'s uvc_status_start()).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "v4l2io.h"

static void usage(FILE *f)
{
	fputs("usage: vcam-events [-d DEVICE] [-c COUNT] [-t SECONDS] [-s VALUE] CONTROL\n"
	      "  CONTROL   a control's name as v4l2-ctl prints it (brightness)\n"
	      "  -d        the video node (default /dev/video0)\n"
	      "  -c        events to wait for (default 1)\n"
	      "  -t        give up after this many seconds (default 60)\n"
	      "  -s        once subscribed, set the control to VALUE through a\n"
	      "            second file of the node, open until the events are in\n", f);
}

/* v4l2-ctl's spelling of a control name: lower case, '_' between words. */
static void ctrl_key(const char *name, char *key, size_t size)
{
	size_t n = 0;
	int gap = 0;

	for (; *name && n + 2 < size; name++) {
		if (isalnum((unsigned char)*name)) {
			if (gap && n)
				key[n++] = '_';
			key[n++] = (char)tolower((unsigned char)*name);
			gap = 0;
		} else {
			gap = 1;
		}
	}
	key[n] = 0;
}

/* The id of the control named want, or 0. */
static __u32 find_ctrl(int fd, const char *want)
{
	struct v4l2_query_ext_ctrl q = { .id = V4L2_CTRL_FLAG_NEXT_CTRL };
	char key[sizeof(q.name) + 8];

	while (xioctl(fd, VIDIOC_QUERY_EXT_CTRL, &q) == 0) {
		ctrl_key(q.name, key, sizeof(key));
		if (!strcmp(key, want))
			return q.id;
		q.id |= V4L2_CTRL_FLAG_NEXT_CTRL;
	}
	return 0;
}

static int parse_count(const char *s, long lo, long hi, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return errno || end == s || *end || *v < lo || *v > hi ? -1 : 0;
}

int main(int argc, char **argv)
{
	const char *dev = "/dev/video0";
	long count = 1, timeout = 60, got = 0;
	struct v4l2_event_subscription sub = { .type = V4L2_EVENT_CTRL };
	long set_value = 0;
	int set = 0;
	double end;
	int o, fd;

	while ((o = getopt(argc, argv, "d:c:t:s:h")) != -1) {
		switch (o) {
		case 'd':
			dev = optarg;
			break;
		case 'c':
			if (parse_count(optarg, 1, 1000, &count)) {
				fprintf(stderr, "vcam-events: bad -c '%s' (1..1000)\n", optarg);
				return 2;
			}
			break;
		case 't':
			if (parse_count(optarg, 1, 3600, &timeout)) {
				fprintf(stderr, "vcam-events: bad -t '%s' (1..3600 s)\n", optarg);
				return 2;
			}
			break;
		case 's':
			if (parse_count(optarg, -2147483647L - 1, 2147483647L, &set_value)) {
				fprintf(stderr, "vcam-events: bad -s '%s' (a 32-bit integer)\n", optarg);
				return 2;
			}
			set = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = open(dev, O_RDWR | O_NONBLOCK);
	if (fd < 0) {
		fprintf(stderr, "vcam-events: %s: %s\n", dev, strerror(errno));
		return 1;
	}
	sub.id = find_ctrl(fd, argv[optind]);
	if (!sub.id) {
		fprintf(stderr, "vcam-events: %s has no control '%s'\n", dev, argv[optind]);
		return 1;
	}
	if (xioctl(fd, VIDIOC_SUBSCRIBE_EVENT, &sub)) {
		fprintf(stderr, "vcam-events: VIDIOC_SUBSCRIBE_EVENT: %s\n", strerror(errno));
		return 1;
	}
	printf("subscribed %s\n", argv[optind]);
	if (set) {
		struct v4l2_control c = { .id = sub.id, .value = (__s32)set_value };
		/* left open until exit: the asynchronous control stays in use */
		int setter = open(dev, O_RDWR);

		if (setter < 0) {
			fprintf(stderr, "vcam-events: %s (the setter's file): %s\n", dev, strerror(errno));
			return 1;
		}
		if (xioctl(setter, VIDIOC_S_CTRL, &c)) {
			fprintf(stderr, "vcam-events: VIDIOC_S_CTRL %s=%ld: %s\n",
				argv[optind], set_value, strerror(errno));
			return 1;
		}
		printf("set %s %ld\n", argv[optind], set_value);
	}
	end = now() + (double)timeout;
	while (got < count) {
		struct pollfd p = { .fd = fd, .events = POLLPRI };
		struct v4l2_event ev;
		double left = end - now();

		if (left <= 0) {
			fprintf(stderr, "vcam-events: %ld of %ld event(s) in %ld s\n",
				got, count, timeout);
			return 1;
		}
		if (poll(&p, 1, (int)(left * 1000) + 1) < 0 && errno != EINTR) {
			fprintf(stderr, "vcam-events: poll: %s\n", strerror(errno));
			return 1;
		}
		while (xioctl(fd, VIDIOC_DQEVENT, &ev) == 0) {
			if (ev.type != V4L2_EVENT_CTRL)
				continue;
			printf("event %s value %lld\n", argv[optind],
			       ev.u.ctrl.type == V4L2_CTRL_TYPE_INTEGER64 ?
			       (long long)ev.u.ctrl.value64 : (long long)ev.u.ctrl.value);
			if (++got == count)
				break;
		}
		if (errno != ENOENT && got < count) {
			fprintf(stderr, "vcam-events: VIDIOC_DQEVENT: %s\n", strerror(errno));
			return 1;
		}
	}
	return 0;
}

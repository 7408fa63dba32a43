// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness of vcam's control-request handling: ep0.c as it is,
 * compiled with -Dioctl=vcam_fuzz_ioctl so that raw-gadget is this file.
 * The input is a camera configuration (formats, speed, header fields,
 * the status endpoint and its processing unit, control and descriptor
 * faults, frames already sent) and then any number
 * of setup packets, each followed by the bytes its data stage reads. What
 * must hold, whatever the host sends:
 *   - no reply is longer than the request's wLength (raw-gadget would fail
 *     it with -EOVERFLOW);
 *   - the probe values GET_CUR(PROBE) returns, and every commit handed to
 *     the writer, name an advertised format and frame (the writer
 *     dereferences them);
 *   - no read or write outside the buffers (ASan) and no undefined
 *     behaviour (UBSan).
 *   make -C tools/vcam fuzz; $(OUT)/obj/vcam/vcam-fuzz-ep0 CORPUS
 */
#include "source.h"

#include <linux/usb/ch9.h>
#include <linux/usb/raw_gadget.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int vcam_fuzz_ioctl(int fd, unsigned long req, ...);

static struct {
	const uint8_t *in;
	size_t left;
	uint16_t wlength;		/* of the request being handled */
	const struct vcam_config *cfg;
} io;

static void must(int cond)
{
	if (!cond)
		__builtin_trap();
}

int vcam_fuzz_ioctl(int fd, unsigned long req, ...)
{
	struct usb_raw_ep_io *p;
	va_list ap;
	size_t n;

	(void)fd;
	va_start(ap, req);
	p = va_arg(ap, struct usb_raw_ep_io *);
	va_end(ap);
	switch (req) {
	case USB_RAW_IOCTL_EP0_WRITE:
		must(p->length <= io.wlength);
		return (int)p->length;
	case USB_RAW_IOCTL_EP0_READ:
		n = p->length < io.left ? p->length : io.left;
		memcpy(p->data, io.in, n);
		io.in += n;
		io.left -= n;
		return (int)n;
	case USB_RAW_IOCTL_EP_ENABLE:
		return 1;
	}
	return 0;	/* EP0_STALL, VBUS_DRAW, CONFIGURE */
}

/* The writer (stream.c) is not linked: these stand in for it. */
void vcam_stream_pause(struct vcam_stream *s)
{
	(void)s;
}

void vcam_stream_run(struct vcam_stream *s, const struct vcam_probe *p)
{
	(void)s;
	must(vcam_probe_frame(io.cfg, p) != NULL);
}

void vcam_stream_set_ep(struct vcam_stream *s, int ep)
{
	s->ep = ep;
}

/* A configuration from the first bytes: options as a user would give them. */
static int configure(struct vcam_config *c, const uint8_t *d)
{
	static const char *const formats[] = { "yuyv", "mjpeg", "yuyv,mjpeg", "mjpeg,yuyv" };
	static const char *const sizes[] = { "640x480", "16x16,3840x2160", "320x240,640x480,1280x720",
					     "1920x1080" };
	static const char *const rates[] = { "30", "30,60", "1,120", "5,15,25,30" };
	char faults[512] = "", after[24];
	char *argv[24];
	int argc = 0;

	argv[argc++] = "vcam";
	argv[argc++] = "--format";
	argv[argc++] = (char *)formats[d[0] & 3];
	argv[argc++] = "--size";
	argv[argc++] = (char *)sizes[(d[0] >> 2) & 3];
	argv[argc++] = "--fps";
	argv[argc++] = (char *)rates[(d[0] >> 4) & 3];
	if (d[0] & 0x40)
		argv[argc++] = "--pts";
	if (d[0] & 0x80)
		argv[argc++] = "--speed=super";
	if (d[1] & 1)
		argv[argc++] = "--payload-size=16384";
	if (d[1] & 4)
		argv[argc++] = "--streams=2";	/* a second streaming interface */
	if (d[1] & 8)
		argv[argc++] = "--async-ctrl";	/* the status endpoint and its unit */
	for (int i = 0; i < F_COUNT; i++)
		if (vcam_fault_kind(i) != 'S' && (d[2 + i / 8] >> (i % 8)) & 1) {
			strcat(faults, *faults ? "," : "");
			strcat(faults, vcam_fault_name(i));
		}
	if (*faults) {
		argv[argc++] = "--fault";
		argv[argc++] = faults;
		snprintf(after, sizeof(after), "--fault-after=%u", d[1] >> 4);
		argv[argc++] = after;
		argv[argc++] = (d[1] & 2) ? "--fault-limit=1" : "--fault-limit=0";
	}
	argv[argc] = NULL;
	vcam_config_default(c);
	return vcam_parse_args(c, argc, argv);
}

/* --status: the queue the processing unit's requests fill, without the
 * thread that would send it (made once; emptied for each input). */
static struct vcam_status *status_for(const struct vcam_config *cfg)
{
	static struct vcam_status st;
	static int made;

	if (!cfg->status)
		return NULL;
	if (!made) {
		pthread_mutex_init(&st.lock, NULL);
		must(pipe2(st.wake, O_NONBLOCK) == 0);
		st.fd = -1;
		st.ep = -1;
		st.fifo = -1;
		made = 1;
	}
	st.cfg = cfg;
	st.count = 0;
	st.brightness = 128;
	return &st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct vcam_config cfg;
	static struct vcam_stream stream;
	struct vcam_ep0 e;
	uint8_t setup[8];
	char drain[4096];

	if (size < 6 || configure(&cfg, data))
		return 0;
	memset(&stream, 0, sizeof(stream));
	stream.cfg = &cfg;
	stream.ep = -1;
	stream.st.frames = data[5];
	memset(&e, 0, sizeof(e));
	e.cfg = &cfg;
	e.stream = &stream;
	e.status = status_for(&cfg);
	if (e.status)
		while (read(e.status->wake[0], drain, sizeof(drain)) > 0)
			;
	vcam_probe_def(&cfg, &e.probe);
	e.commit = e.probe;
	io.cfg = &cfg;
	io.in = data + 6;
	io.left = size - 6;
	while (io.left >= sizeof(setup)) {
		memcpy(setup, io.in, sizeof(setup));
		io.in += sizeof(setup);
		io.left -= sizeof(setup);
		io.wlength = (uint16_t)(setup[6] | setup[7] << 8);
		vcam_ep0_setup(&e, setup);
		must(vcam_probe_frame(&cfg, &e.probe) != NULL);
		must(vcam_probe_frame(&cfg, &e.commit) != NULL);
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Descriptors of the camera: one IAD function with a VideoControl interface
 * (camera Input Terminal -> streaming Output Terminal, no units) and a
 * VideoStreaming interface with exactly one alternate setting and one bulk
 * IN endpoint (uvcvideo's bulk path; dummy_hcd has no isochronous support).
 * Class descriptors carry no string indices, so uvcvideo asks for none.
 * --status adds a processing unit with a brightness control between the
 * terminals and the VideoControl interface's interrupt endpoint, which
 * reports that control's changes and the stream's button (status.c).
 * --streams 2 adds a second VideoStreaming interface (its own output
 * terminal and bulk endpoint, the same formats) that binds and never
 * streams: a camera with several streams, as uvcstat must handle.
 */
#include "vcam.h"
#include "descbuf.h"

#include <string.h>

static const uint8_t guid_yuy2[16] = {
	'Y', 'U', 'Y', '2', 0x00, 0x00, 0x10, 0x00,
	0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71,
};

static const char *const strings[] = { NULL, "uvcdma", "vcam virtual UVC camera", "0001" };

/* ---- Sizes ---- */

uint16_t vcam_maxp(const struct vcam_config *c)
{
	return c->speed == VCAM_SUPER ? 1024 : 512;
}

uint32_t vcam_frame_size(enum vcam_fmt fmt, unsigned w, unsigned h)
{
	/* MJPEG: the buffer size a real camera would announce, 2 bytes/pixel. */
	(void)fmt;
	return (uint32_t)w * h * 2;
}

uint8_t vcam_hdr_len(const struct vcam_config *c)
{
	return 2 + (c->pts ? 4 : 0) + (c->scr ? 6 : 0);
}

/* ---- Standard descriptors ---- */

size_t vcam_device_desc(const struct vcam_config *c, uint8_t *buf)
{
	struct out o = { buf, 0, 18 };
	int ss = c->speed == VCAM_SUPER;

	put8(&o, 18); put8(&o, 0x01);
	put16(&o, ss ? 0x0320 : 0x0200);
	put8(&o, 0xef); put8(&o, 0x02); put8(&o, 0x01);	/* IAD class triple */
	put8(&o, ss ? 9 : 64);				/* bMaxPacketSize0 */
	put16(&o, VCAM_VID); put16(&o, VCAM_PID);
	put16(&o, 0x0100);
	put8(&o, 1); put8(&o, 2); put8(&o, 0);		/* no serial */
	put8(&o, 1);
	return o.n;
}

size_t vcam_bos_desc(const struct vcam_config *c, uint8_t *buf)
{
	struct out o = { buf, 0, 22 };

	(void)c;
	put8(&o, 5); put8(&o, 0x0f); put16(&o, 22); put8(&o, 2);
	/* USB 2.0 extension: LPM */
	put8(&o, 7); put8(&o, 0x10); put8(&o, 0x02); put32(&o, 0x00000002);
	/* SuperSpeed device capability */
	put8(&o, 10); put8(&o, 0x10); put8(&o, 0x03); put8(&o, 0x00);
	put16(&o, 0x000e);	/* FS, HS, SS */
	put8(&o, 0x01);		/* lowest speed with full function: FS */
	put8(&o, 0x0a); put16(&o, 0x07ff);	/* U1/U2 exit latencies */
	return o.n;
}

size_t vcam_string_desc(int index, uint8_t *buf, size_t size)
{
	struct out o = { buf, 0, size };
	const char *s;

	if (index == 0) {
		put8(&o, 4); put8(&o, 0x03); put16(&o, 0x0409);
		return o.n;
	}
	if (index < 0 || index >= (int)(sizeof(strings) / sizeof(strings[0])))
		return 0;
	s = strings[index];
	put8(&o, 2 + 2 * strlen(s)); put8(&o, 0x03);
	for (; *s; s++)
		put16(&o, (uint8_t)*s);
	return o.n;
}

/* The status endpoint: 1 ms polling (bInterval 4: 2^3 microframes). */
void vcam_status_ep_desc(const struct vcam_config *c, uint8_t *buf)
{
	struct out o = { buf, 0, 7 };

	(void)c;
	put8(&o, 7); put8(&o, 0x05); put8(&o, VCAM_STATUS_EP_ADDR); put8(&o, 0x03);
	put16(&o, VCAM_STATUS_MAXP); put8(&o, 4);
}

void vcam_ep_desc(const struct vcam_config *c, uint8_t *buf)
{
	struct out o = { buf, 0, 7 };

	put8(&o, 7); put8(&o, 0x05); put8(&o, VCAM_EP_ADDR); put8(&o, 0x02);
	put16(&o, vcam_maxp(c)); put8(&o, 0);
}

/* ---- Class-specific descriptors ---- */

/* --streams 2: the second stream's output terminal, fed by the same camera. */
static void vc_idle_stream_terminal(const struct vcam_config *c, struct out *o)
{
	if (!c->idle_streams)
		return;
	put8(o, 9); put8(o, 0x24); put8(o, 0x03); put8(o, VCAM_OT2_ID);
	put16(o, 0x0101); put8(o, 0); put8(o, VCAM_IT_ID); put8(o, 0);
}

/* --status: a processing unit with a brightness control, fed by the camera */
static void vc_processing_unit(struct out *o)
{
	put8(o, 12); put8(o, 0x24); put8(o, 0x05); put8(o, VCAM_PU_ID);
	put8(o, VCAM_IT_ID); put16(o, 0);	/* wMaxMultiplier */
	put8(o, 2); put16(o, 0x0001);		/* bmControls: brightness */
	put8(o, 0); put8(o, 0);			/* iProcessing, bmVideoStandards */
}

/* --status: the interrupt endpoint, then its class-specific descriptor */
static void vc_status_endpoint(const struct vcam_config *c, struct out *o)
{
	uint8_t ep[7];

	vcam_status_ep_desc(c, ep);
	for (int i = 0; i < 7; i++)
		put8(o, ep[i]);
	if (c->speed == VCAM_SUPER) {
		/* SuperSpeed companion: no burst, one packet an interval */
		put8(o, 6); put8(o, 0x30); put8(o, 0); put8(o, 0); put16(o, VCAM_STATUS_MAXP);
	}
	put8(o, 5); put8(o, 0x25); put8(o, 0x03); put16(o, VCAM_STATUS_MAXP);
}

static void vc_interface(const struct vcam_config *c, struct out *o)
{
	int nvs = 1 + c->idle_streams;
	size_t total_at;

	/* IAD, then the VideoControl interface (an endpoint with --status) */
	put8(o, 8); put8(o, 0x0b); put8(o, VCAM_VC_INTF); put8(o, 1 + nvs);
	put8(o, 0x0e); put8(o, 0x03); put8(o, 0x00); put8(o, 0);
	put8(o, 9); put8(o, 0x04); put8(o, VCAM_VC_INTF); put8(o, 0); put8(o, c->status ? 1 : 0);
	put8(o, 0x0e); put8(o, 0x01); put8(o, 0x00); put8(o, 0);
	/* VC header, UVC 1.1: 34-byte probe/commit */
	total_at = o->n + 5;
	put8(o, 12 + nvs); put8(o, 0x24); put8(o, 0x01); put16(o, 0x0110);
	put16(o, 0); put32(o, VCAM_CLOCK_HZ); put8(o, nvs); put8(o, VCAM_VS_INTF);
	if (c->idle_streams)
		put8(o, VCAM_VS2_INTF);
	/* Camera input terminal, no controls */
	put8(o, 18); put8(o, 0x24); put8(o, 0x02); put8(o, VCAM_IT_ID);
	put16(o, 0x0201); put8(o, 0); put8(o, 0);
	put16(o, 0); put16(o, 0); put16(o, 0);
	put8(o, 3); put8(o, 0); put8(o, 0); put8(o, 0);
	if (c->status)
		vc_processing_unit(o);
	/* Output terminal: USB streaming, fed by the camera (or the unit) */
	put8(o, 9); put8(o, 0x24); put8(o, 0x03); put8(o, VCAM_OT_ID);
	put16(o, 0x0101); put8(o, 0); put8(o, c->status ? VCAM_PU_ID : VCAM_IT_ID); put8(o, 0);
	vc_idle_stream_terminal(c, o);
	set16(o, total_at, 12 + nvs + 18 + (c->status ? 12 : 0) + 9 * nvs);
	if (c->status)
		vc_status_endpoint(c, o);
}

static void vs_frame(const struct vcam_config *c, const struct vcam_format *f,
		     const struct vcam_frame *fr, int index, struct out *o)
{
	uint32_t size = vcam_frame_size(f->fmt, fr->w, fr->h);
	/* intervals are ascending: [0] is the fastest */
	/* bit rates at the nearest whole frame rates */
	uint64_t rmax = (uint64_t)size * 8 * ((10000000 + fr->interval[0] / 2) / fr->interval[0]);
	uint32_t slow = fr->interval[fr->nint - 1];
	uint64_t rmin = (uint64_t)size * 8 * ((10000000 + slow / 2) / slow);
	uint32_t def = fr->interval[fr->nint - 1];

	for (int i = 0; i < fr->nint; i++)
		if (fr->interval[i] == 333333)
			def = 333333;
	/* desc-frame-short: bFrameIntervalType intervals, bytes for one fewer */
	int short_by = vcam_fault_on(c, F_DESC_FRAME_SHORT) ? 1 : 0;

	put8(o, 26 + 4 * (fr->nint - short_by)); put8(o, 0x24);
	put8(o, f->fmt == VCAM_YUYV ? 0x05 : 0x07);
	put8(o, index); put8(o, 0);
	put16(o, fr->w); put16(o, fr->h);
	put32(o, (uint32_t)rmin); put32(o, (uint32_t)rmax);
	put32(o, size); put32(o, def);
	put8(o, fr->nint);
	for (int i = 0; i < fr->nint - short_by; i++)
		put32(o, fr->interval[i]);
}

static void vs_format(const struct vcam_config *c, const struct vcam_format *f,
		      int index, struct out *o)
{
	int bad = vcam_fault_on(c, F_DESC_LENGTH);
	/* desc-no-frames: the last format announces and has no frame (with
	 * two formats, the first, the default, still streams) */
	int nframes = vcam_fault_on(c, F_DESC_NO_FRAMES) && index == c->nformats ? 0 : f->nframes;

	if (f->fmt == VCAM_YUYV) {
		put8(o, bad ? 26 : 27); put8(o, 0x24); put8(o, 0x04);
		put8(o, index); put8(o, nframes);
		for (int i = 0; i < 16; i++)
			put8(o, guid_yuy2[i]);
		put8(o, 16);			/* bBitsPerPixel */
		put8(o, 1); put8(o, 0); put8(o, 0); put8(o, 0); put8(o, 0);
		if (bad)
			o->n--;			/* drop bCopyProtect */
	} else {
		put8(o, bad ? 10 : 11); put8(o, 0x24); put8(o, 0x06);
		put8(o, index); put8(o, nframes);
		put8(o, 0x01);			/* fixed-size samples */
		put8(o, 1); put8(o, 0); put8(o, 0); put8(o, 0); put8(o, 0);
		if (bad)
			o->n--;
	}
	for (int i = 0; i < nframes; i++)
		vs_frame(c, f, &f->frame[i], i + 1, o);
	/* Color matching: BT.709 primaries, BT.709 transfer, SMPTE 170M matrix */
	put8(o, 6); put8(o, 0x24); put8(o, 0x0d); put8(o, 1); put8(o, 1); put8(o, 4);
}

/* A VideoStreaming interface: number INTF, endpoint EP, linked to terminal OT. */
static void vs_interface(const struct vcam_config *c, struct out *o, int intf, int ep, int ot)
{
	size_t hdr_at;
	int ss = c->speed == VCAM_SUPER;

	put8(o, 9); put8(o, 0x04); put8(o, intf); put8(o, 0); put8(o, 1);
	put8(o, 0x0e); put8(o, 0x02); put8(o, 0x00); put8(o, 0);
	/* VS input header: one bmaControls byte per format */
	hdr_at = o->n;
	put8(o, 13 + c->nformats); put8(o, 0x24); put8(o, 0x01);
	put8(o, c->nformats); put16(o, 0);
	put8(o, ep); put8(o, 0);
	put8(o, vcam_fault_on(c, F_DESC_LINK) ? 9 : ot);
	/*
	 * bStillCaptureMethod 0; with --status, whose FIFO sends button
	 * events, a general purpose button (bTriggerSupport 1, bTriggerUsage
	 * 1): 6.12 and later register the button's input device only then.
	 */
	put8(o, 0); put8(o, c->status ? 1 : 0); put8(o, c->status ? 1 : 0);
	put8(o, 1);
	for (int i = 0; i < c->nformats; i++)
		put8(o, 0);
	for (int i = 0; i < c->nformats; i++)
		vs_format(c, &c->format[i], i + 1, o);
	set16(o, hdr_at + 4, o->n - hdr_at);
	/* Bulk IN endpoint */
	put8(o, 7); put8(o, 0x05); put8(o, ep); put8(o, 0x02);
	put16(o, vcam_fault_on(c, F_DESC_MAXP0) ? 0 : vcam_maxp(c)); put8(o, 0);
	if (ss) {
		/* SuperSpeed companion: no burst, no streams */
		put8(o, 6); put8(o, 0x30); put8(o, 0); put8(o, 0); put16(o, 0);
	}
}

size_t vcam_config_desc(const struct vcam_config *c, uint8_t *buf, size_t size)
{
	struct out o = { buf, 0, size };

	if (vcam_fault_on(c, F_DESC_GEN)) {
		o.n = vcam_desc_gen(c, buf, size, c->seed);
		if (vcam_fault_on(c, F_DESC_FUZZ) && o.n <= size)
			o.n = vcam_desc_fuzz(buf, o.n, size, c->seed);
		return o.n;
	}

	put8(&o, 9); put8(&o, 0x02); put16(&o, 0); put8(&o, 2 + c->idle_streams);
	put8(&o, 1); put8(&o, 0); put8(&o, 0x80);
	put8(&o, 50);	/* 100 mA at high speed, 400 mA at SuperSpeed */
	vc_interface(c, &o);
	vs_interface(c, &o, VCAM_VS_INTF, VCAM_EP_ADDR, VCAM_OT_ID);
	if (c->idle_streams)
		vs_interface(c, &o, VCAM_VS2_INTF, VCAM_EP2_ADDR, VCAM_OT2_ID);
	/* desc-total-short: the host reads all but the endpoint descriptor */
	set16(&o, 2, o.n - (vcam_fault_on(c, F_DESC_TOTAL_SHORT) ? 7 : 0));
	if (vcam_fault_on(c, F_DESC_FUZZ) && o.n <= size)
		o.n = vcam_desc_fuzz(buf, o.n, size, c->seed);
	return o.n;
}

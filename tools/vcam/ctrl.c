// SPDX-License-Identifier: GPL-2.0
/*
 * VideoStreaming probe/commit negotiation (UVC 1.1, 34 bytes). The camera
 * answers GET_DEF/GET_MIN/GET_MAX/GET_CUR from the advertised formats,
 * adjusts whatever SET_CUR(PROBE) asks to the nearest supported setting,
 * and accepts a COMMIT only for a format and frame it advertises.
 */
#include "vcam.h"

#include <string.h>

static void wr16(uint8_t *p, uint16_t v) { p[0] = v; p[1] = v >> 8; }
static void wr32(uint8_t *p, uint32_t v) { wr16(p, v); wr16(p + 2, v >> 16); }
static uint16_t rd16(const uint8_t *p) { return p[0] | p[1] << 8; }
static uint32_t rd32(const uint8_t *p) { return rd16(p) | (uint32_t)rd16(p + 2) << 16; }

void vcam_probe_pack(const struct vcam_probe *p, uint8_t *b)
{
	memset(b, 0, VCAM_PROBE_SIZE);
	wr16(b + 0, p->bmHint);
	b[2] = p->bFormatIndex;
	b[3] = p->bFrameIndex;
	wr32(b + 4, p->dwFrameInterval);
	wr16(b + 8, p->wKeyFrameRate);
	wr16(b + 10, p->wPFrameRate);
	wr16(b + 12, p->wCompQuality);
	wr16(b + 14, p->wCompWindowSize);
	wr16(b + 16, p->wDelay);
	wr32(b + 18, p->dwMaxVideoFrameSize);
	wr32(b + 22, p->dwMaxPayloadTransferSize);
	wr32(b + 26, p->dwClockFrequency);
	b[30] = p->bmFramingInfo;
	b[31] = p->bPreferedVersion;
	b[32] = p->bMinVersion;
	b[33] = p->bMaxVersion;
}

void vcam_probe_unpack(struct vcam_probe *p, const uint8_t *b, size_t len)
{
	uint8_t tmp[VCAM_PROBE_SIZE] = { 0 };

	memcpy(tmp, b, len < sizeof(tmp) ? len : sizeof(tmp));
	p->bmHint = rd16(tmp);
	p->bFormatIndex = tmp[2];
	p->bFrameIndex = tmp[3];
	p->dwFrameInterval = rd32(tmp + 4);
	p->wKeyFrameRate = rd16(tmp + 8);
	p->wPFrameRate = rd16(tmp + 10);
	p->wCompQuality = rd16(tmp + 12);
	p->wCompWindowSize = rd16(tmp + 14);
	p->wDelay = rd16(tmp + 16);
	p->dwMaxVideoFrameSize = rd32(tmp + 18);
	p->dwMaxPayloadTransferSize = rd32(tmp + 22);
	p->dwClockFrequency = rd32(tmp + 26);
	p->bmFramingInfo = tmp[30];
	p->bPreferedVersion = tmp[31];
	p->bMinVersion = tmp[32];
	p->bMaxVersion = tmp[33];
}

const struct vcam_format *vcam_probe_format(const struct vcam_config *c,
					    const struct vcam_probe *p)
{
	if (p->bFormatIndex < 1 || p->bFormatIndex > c->nformats)
		return NULL;
	return &c->format[p->bFormatIndex - 1];
}

const struct vcam_frame *vcam_probe_frame(const struct vcam_config *c,
					  const struct vcam_probe *p)
{
	const struct vcam_format *f = vcam_probe_format(c, p);

	if (!f || p->bFrameIndex < 1 || p->bFrameIndex > f->nframes)
		return NULL;
	return &f->frame[p->bFrameIndex - 1];
}

static uint32_t nearest_interval(const struct vcam_frame *fr, uint32_t want)
{
	uint32_t best = fr->interval[0];

	for (int i = 1; i < fr->nint; i++) {
		uint32_t d = fr->interval[i] > want ? fr->interval[i] - want : want - fr->interval[i];
		uint32_t bd = best > want ? best - want : want - best;

		if (d < bd)
			best = fr->interval[i];
	}
	return best;
}

static uint32_t default_interval(const struct vcam_frame *fr)
{
	return nearest_interval(fr, 333333);
}

/* Fill the fields that follow from format, frame and interval. */
static void probe_complete(const struct vcam_config *c, struct vcam_probe *p)
{
	const struct vcam_format *f = vcam_probe_format(c, p);
	const struct vcam_frame *fr = vcam_probe_frame(c, p);
	uint32_t size = vcam_frame_size(f->fmt, fr->w, fr->h);

	p->bmHint = 0x0001;		/* dwFrameInterval fixed */
	p->wKeyFrameRate = 0;
	p->wPFrameRate = 0;
	p->wCompWindowSize = 0;
	p->wDelay = 0;
	p->dwMaxVideoFrameSize = size;
	p->dwMaxPayloadTransferSize = c->payload_size ? c->payload_size
				      : size + vcam_hdr_len(c);
	p->dwClockFrequency = VCAM_CLOCK_HZ;
	p->bmFramingInfo = 0x03;	/* FID required, EOF present */
	p->bPreferedVersion = 1;
	p->bMinVersion = 1;
	p->bMaxVersion = 1;
}

void vcam_probe_def(const struct vcam_config *c, struct vcam_probe *p)
{
	memset(p, 0, sizeof(*p));
	p->bFormatIndex = 1;
	p->bFrameIndex = 1;
	p->dwFrameInterval = default_interval(&c->format[0].frame[0]);
	p->wCompQuality = (uint16_t)(c->quality * 100);
	probe_complete(c, p);
}

static void probe_bound(const struct vcam_config *c, const struct vcam_probe *cur,
			struct vcam_probe *p, int max)
{
	const struct vcam_frame *fr;

	*p = *cur;
	vcam_probe_negotiate(c, p);	/* a valid format and frame */
	fr = vcam_probe_frame(c, p);
	p->dwFrameInterval = max ? fr->interval[fr->nint - 1] : fr->interval[0];
	p->wCompQuality = max ? 10000 : 0;
	probe_complete(c, p);
}

void vcam_probe_min(const struct vcam_config *c, const struct vcam_probe *cur,
		    struct vcam_probe *p)
{
	probe_bound(c, cur, p, 0);
}

void vcam_probe_max(const struct vcam_config *c, const struct vcam_probe *cur,
		    struct vcam_probe *p)
{
	probe_bound(c, cur, p, 1);
}

void vcam_probe_negotiate(const struct vcam_config *c, struct vcam_probe *req)
{
	const struct vcam_format *f;
	const struct vcam_frame *fr;

	if (!vcam_probe_format(c, req))
		req->bFormatIndex = 1;
	f = vcam_probe_format(c, req);
	if (!vcam_probe_frame(c, req))
		req->bFrameIndex = 1;
	fr = &f->frame[req->bFrameIndex - 1];
	req->dwFrameInterval = req->dwFrameInterval ? nearest_interval(fr, req->dwFrameInterval)
						    : default_interval(fr);
	if (req->wCompQuality > 10000)
		req->wCompQuality = 10000;
	probe_complete(c, req);
}

int vcam_commit_check(const struct vcam_config *c, const struct vcam_probe *req,
		      struct vcam_probe *out)
{
	if (!vcam_probe_frame(c, req))
		return -1;
	*out = *req;
	vcam_probe_negotiate(c, out);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The stream faults that send payloads of their own (faults.h): the extra
 * payloads before a faulty frame, and the random payloads that replace
 * one. The faults that only change a frame's header bits or length are in
 * send_frame() (stream.c), where the frame's writes are planned.
 */
#include "source.h"

#include <stdlib.h>
#include <string.h>

/* One payload of HDR_LEN header bytes (HDR) and no data, or a zero-length
 * transfer (hdr_len 0); each ends its transfer (ZERO). */
static int send_header_only(struct vcam_stream *s, const uint8_t *hdr, uint8_t hdr_len)
{
	static uint8_t buf[64];
	struct vcam_write w = { .hdr_len = hdr_len, .off = 0, .flen = 0, .zero = 1 };

	memcpy(w.hdr, hdr, hdr_len);
	return vcam_ep_write(s, buf + 32, &w);
}

int vcam_fault_before_frame(struct vcam_stream *s, uint8_t fid)
{
	const struct vcam_config *c = s->cfg;
	uint8_t hdr[VCAM_HDR_MAX] = { 0 };
	int ret;

	if (vcam_fault_on(c, F_HDR_LEN_LONG)) {
		/* bHeaderLength 12 in an 8-byte payload */
		hdr[0] = 12;
		hdr[1] = UVC_EOH | fid;
		ret = send_header_only(s, hdr, 8);
		if (ret < 0)
			return ret;
	}
	if (vcam_fault_on(c, F_EMPTY_PAYLOADS)) {
		/* uvcvideo counts these as empty; the frame goes on after them */
		hdr[0] = 2;
		hdr[1] = UVC_EOH | fid;
		for (int i = 0; i < 3; i++) {
			ret = send_header_only(s, hdr, 2);
			if (ret < 0)
				return ret;
		}
		ret = send_header_only(s, hdr, 0);
		if (ret < 0)
			return ret;
	}
	return 0;
}

int vcam_fault_random_plan(struct vcam_stream *s, struct vcam_write *w, int n,
			   uint32_t frame_len, uint32_t max_payload)
{
	uint8_t *x = vcam_image_frame(&s->src->scratch);
	uint32_t off = 0;
	int k = 0;

	/* the scratch image holds a frame of the committed size */
	if (frame_len > s->src->cap)
		frame_len = s->src->cap;
	for (uint32_t i = 0; i < frame_len; i++)
		x[i] = (uint8_t)rand_r(&s->rand);
	if (!max_payload)
		max_payload = 1;
	/* 1 to 16 payloads of random lengths, the last takes what is left */
	for (int left = 1 + rand_r(&s->rand) % 16; off < frame_len && k < n; left--) {
		uint32_t len = frame_len - off;

		if (left > 1)
			len = 1 + (uint32_t)rand_r(&s->rand) % len;
		if (len > max_payload)
			len = max_payload;
		memset(&w[k], 0, sizeof(w[k]));
		w[k].off = off;
		w[k].flen = len;
		w[k].zero = 1;
		off += len;
		k++;
	}
	return k;
}

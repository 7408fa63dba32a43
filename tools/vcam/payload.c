// SPDX-License-Identifier: GPL-2.0
/*
 * UVC payload framing for a bulk endpoint on dummy_hcd: headers and the
 * list of EP_WRITEs for one frame (see vcam_plan_frame in vcam.h).
 */
#include "vcam.h"

#include <string.h>

uint8_t vcam_payload_header(uint8_t *hdr, uint8_t hdr_len, uint8_t bits,
			    uint32_t pts, uint32_t stc, uint16_t sof)
{
	uint8_t *p = hdr + 2;

	bits |= UVC_EOH;
	if (hdr_len == 6 || hdr_len == 12) {
		bits |= UVC_PTS;
		for (int i = 0; i < 4; i++)
			*p++ = pts >> (8 * i);
	}
	if (hdr_len == 8 || hdr_len == 12) {
		bits |= UVC_SCR;
		for (int i = 0; i < 4; i++)
			*p++ = stc >> (8 * i);
		*p++ = sof & 0xff;
		*p++ = (sof >> 8) & 0x07;
	}
	hdr[0] = hdr_len;
	hdr[1] = bits;
	return hdr_len;
}

int vcam_plan_frame(const struct vcam_plan_args *a, struct vcam_write *w, int n)
{
	uint32_t cap = a->max_payload > a->hdr_len ? a->max_payload - a->hdr_len : 1;
	uint32_t piece = a->write_size / a->maxp * a->maxp;
	uint32_t off = 0;
	int k = 0;

	if (piece == 0)
		piece = a->maxp;
	do {
		uint32_t dlen = a->frame_len - off < cap ? a->frame_len - off : cap;
		int last = off + dlen == a->frame_len;
		uint8_t bits = (a->fid & UVC_FID) | a->flags | (last ? UVC_EOF : 0);
		uint32_t left = a->hdr_len + dlen;	/* bytes of this payload */
		int first = 1;

		while (left) {
			uint32_t len = left <= piece ? left : piece;
			uint32_t h = first ? a->hdr_len : 0;

			if (k < n) {
				struct vcam_write *x = &w[k];

				memset(x, 0, sizeof(*x));
				if (first)
					vcam_payload_header(x->hdr, a->hdr_len, bits,
							    a->pts, a->stc, a->sof);
				x->hdr_len = h;
				x->off = off;
				x->flen = len - h;
				x->zero = len == left;
			}
			off += len - h;
			left -= len;
			first = 0;
			k++;
		}
	} while (off < a->frame_len);
	return k;
}

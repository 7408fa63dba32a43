// SPDX-License-Identifier: GPL-2.0
/*
 * A small baseline JPEG encoder for the MJPEG format: YCbCr 4:2:2 straight
 * from YUYV (MCU 16x8: Y0 Y1 Cb Cr), float AAN forward DCT, the quality-
 * scaled quantisation tables and standard Huffman tables of ITU-T T.81
 * Annex K. The output is a complete JFIF-less JPEG with DQT and DHT (any
 * decoder can read it), and a 32-byte COM segment right after SOI where the
 * framestamp goes (see tools/common/framestamp.h).
 */
#include "vcam.h"
#include "framestamp.h"

#include <string.h>

/* ---- Tables (T.81 Annex K) ---- */

static const uint8_t zigzag[64] = {
	0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
	12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
	35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
	58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

static const uint8_t std_q[2][64] = { {
	16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
	14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
	18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
	49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
}, {
	17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
	24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
	99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
	99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
} };

static const uint8_t dc_bits[2][16] = {
	{ 0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0 },
	{ 0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0 },
};
static const uint8_t dc_vals[12] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };

static const uint8_t ac_bits[2][16] = {
	{ 0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d },
	{ 0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77 },
};
static const uint8_t ac_vals[2][162] = { {
	0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
	0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0,
	0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
	0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
	0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
	0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
	0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
	0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5,
	0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
	0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
	0xf9, 0xfa,
}, {
	0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
	0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0,
	0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26,
	0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
	0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
	0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
	0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5,
	0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3,
	0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda,
	0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
	0xf9, 0xfa,
} };

static const float aan[8] = {
	1.0f, 1.387039845f, 1.306562965f, 1.175875602f,
	1.0f, 0.785694958f, 0.541196100f, 0.275899379f,
};

/* ---- Encoder state ---- */

struct huff {
	uint16_t code[256];
	uint8_t size[256];
};

struct enc {
	uint8_t *out;
	size_t n, cap;
	uint32_t bits;
	int nbits;
	uint8_t qt[2][64];	/* natural order */
	float div[2][64];	/* 1 / (q * aan[r] * aan[c] * 8) */
	struct huff dc[2], ac[2];
};

static void huff_build(struct huff *h, const uint8_t *bits, const uint8_t *vals)
{
	unsigned code = 0, k = 0;

	for (int len = 1; len <= 16; len++) {
		for (int i = 0; i < bits[len - 1]; i++, k++) {
			h->code[vals[k]] = code++;
			h->size[vals[k]] = len;
		}
		code <<= 1;
	}
}

static void put(struct enc *e, uint8_t b)
{
	if (e->n < e->cap)
		e->out[e->n] = b;
	e->n++;
}

static void put16(struct enc *e, unsigned v)
{
	put(e, v >> 8);
	put(e, v & 0xff);
}

static void bits(struct enc *e, uint32_t code, int size)
{
	e->bits = e->bits << size | (code & ((1u << size) - 1));
	e->nbits += size;
	while (e->nbits >= 8) {
		uint8_t b = e->bits >> (e->nbits - 8);

		put(e, b);
		if (b == 0xff)
			put(e, 0);	/* byte stuffing */
		e->nbits -= 8;
	}
}

static void bits_flush(struct enc *e)
{
	if (e->nbits)
		bits(e, 0x7f, 8 - e->nbits);	/* pad with ones */
}

static void quality_tables(struct enc *e, int quality)
{
	int scale;

	if (quality < 1)
		quality = 1;
	if (quality > 100)
		quality = 100;
	scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
	for (int t = 0; t < 2; t++)
		for (int i = 0; i < 64; i++) {
			int q = (std_q[t][i] * scale + 50) / 100;

			q = q < 1 ? 1 : q > 255 ? 255 : q;
			e->qt[t][i] = q;
			e->div[t][i] = 1.0f / (q * aan[i / 8] * aan[i % 8] * 8.0f);
		}
}

/* ---- Headers ---- */

static void write_headers(struct enc *e, unsigned w, unsigned h)
{
	put16(e, 0xffd8);
	/* COM segment reserved for the framestamp */
	put16(e, 0xfffe);
	put16(e, 2 + FS_SIZE);
	for (int i = 0; i < FS_SIZE; i++)
		put(e, 0);
	put16(e, 0xffdb);
	put16(e, 2 + 2 * 65);
	for (int t = 0; t < 2; t++) {
		put(e, t);
		for (int i = 0; i < 64; i++)
			put(e, e->qt[t][zigzag[i]]);
	}
	put16(e, 0xffc0);
	put16(e, 17);
	put(e, 8);
	put16(e, h);
	put16(e, w);
	put(e, 3);
	put(e, 1); put(e, 0x21); put(e, 0);	/* Y: 2x1 */
	put(e, 2); put(e, 0x11); put(e, 1);	/* Cb */
	put(e, 3); put(e, 0x11); put(e, 1);	/* Cr */
	put16(e, 0xffc4);
	put16(e, 2 + 2 * (17 + 12) + 2 * (17 + 162));
	for (int t = 0; t < 2; t++) {
		put(e, t);
		for (int i = 0; i < 16; i++)
			put(e, dc_bits[t][i]);
		for (int i = 0; i < 12; i++)
			put(e, dc_vals[i]);
		put(e, 0x10 | t);
		for (int i = 0; i < 16; i++)
			put(e, ac_bits[t][i]);
		for (int i = 0; i < 162; i++)
			put(e, ac_vals[t][i]);
	}
	put16(e, 0xffda);
	put16(e, 12);
	put(e, 3);
	put(e, 1); put(e, 0x00);
	put(e, 2); put(e, 0x11);
	put(e, 3); put(e, 0x11);
	put(e, 0); put(e, 63); put(e, 0);
}

/* ---- Blocks ---- */

static void fdct_1d(float *d, int stride)
{
	float t0 = d[0] + d[7 * stride], t7 = d[0] - d[7 * stride];
	float t1 = d[stride] + d[6 * stride], t6 = d[stride] - d[6 * stride];
	float t2 = d[2 * stride] + d[5 * stride], t5 = d[2 * stride] - d[5 * stride];
	float t3 = d[3 * stride] + d[4 * stride], t4 = d[3 * stride] - d[4 * stride];
	float t10 = t0 + t3, t13 = t0 - t3, t11 = t1 + t2, t12 = t1 - t2;
	float z1, z2, z3, z4, z5, z11, z13;

	d[0] = t10 + t11;
	d[4 * stride] = t10 - t11;
	z1 = (t12 + t13) * 0.707106781f;
	d[2 * stride] = t13 + z1;
	d[6 * stride] = t13 - z1;
	t10 = t4 + t5;
	t11 = t5 + t6;
	t12 = t6 + t7;
	z5 = (t10 - t12) * 0.382683433f;
	z2 = 0.541196100f * t10 + z5;
	z4 = 1.306562965f * t12 + z5;
	z3 = t11 * 0.707106781f;
	z11 = t7 + z3;
	z13 = t7 - z3;
	d[5 * stride] = z13 + z2;
	d[3 * stride] = z13 - z2;
	d[stride] = z11 + z4;
	d[7 * stride] = z11 - z4;
}

static int category(int v)
{
	int n = 0;

	if (v < 0)
		v = -v;
	while (v) {
		n++;
		v >>= 1;
	}
	return n;
}

static void encode_value(struct enc *e, int v, int n)
{
	if (n)
		bits(e, v < 0 ? v - 1 : v, n);
}

static void encode_block(struct enc *e, float *blk, int t, int *pred)
{
	int q[64], run = 0, dc, n;

	for (int i = 0; i < 8; i++)
		fdct_1d(blk + 8 * i, 1);
	for (int i = 0; i < 8; i++)
		fdct_1d(blk + i, 8);
	for (int i = 0; i < 64; i++) {
		float v = blk[zigzag[i]] * e->div[t][zigzag[i]];

		q[i] = (int)(v < 0 ? v - 0.5f : v + 0.5f);
		if (i && (q[i] > 1023 || q[i] < -1023))
			q[i] = q[i] < 0 ? -1023 : 1023;	/* AC category 10 at most */
	}
	dc = q[0] - *pred;
	*pred = q[0];
	n = category(dc);
	bits(e, e->dc[t].code[n], e->dc[t].size[n]);
	encode_value(e, dc, n);
	for (int i = 1; i < 64; i++) {
		if (!q[i]) {
			run++;
			continue;
		}
		while (run > 15) {
			bits(e, e->ac[t].code[0xf0], e->ac[t].size[0xf0]);
			run -= 16;
		}
		n = category(q[i]);
		bits(e, e->ac[t].code[run << 4 | n], e->ac[t].size[run << 4 | n]);
		encode_value(e, q[i], n);
		run = 0;
	}
	if (run)
		bits(e, e->ac[t].code[0], e->ac[t].size[0]);
}

size_t vcam_jpeg_encode(const uint8_t *yuyv, unsigned w, unsigned h, int quality,
			uint8_t *out, size_t cap, const int *stop)
{
	static struct enc e;	/* one encoder at a time (the writer thread) */
	int pred[3] = { 0, 0, 0 };

	memset(&e, 0, sizeof(e));
	e.out = out;
	e.cap = cap;
	quality_tables(&e, quality);
	for (int t = 0; t < 2; t++) {
		huff_build(&e.dc[t], dc_bits[t], dc_vals);
		huff_build(&e.ac[t], ac_bits[t], ac_vals[t]);
	}
	write_headers(&e, w, h);
	for (unsigned my = 0; my < h; my += 8) {
		if (stop && __atomic_load_n(stop, __ATOMIC_RELAXED))
			return 0;
		for (unsigned mx = 0; mx < w; mx += 16) {
			float yb[2][64], cb[64], cr[64];

			for (unsigned r = 0; r < 8; r++) {
				unsigned y = my + r < h ? my + r : h - 1;
				const uint8_t *row = yuyv + (size_t)y * w * 2;

				for (unsigned c = 0; c < 16; c += 2) {
					/* pixel pair (x, x+1) shares Cb/Cr */
					unsigned x = mx + c < w ? mx + c : (w - 2) & ~1u;
					const uint8_t *p = row + 2 * x;

					yb[c / 8][r * 8 + c % 8] = p[0] - 128.0f;
					yb[c / 8][r * 8 + c % 8 + 1] = p[2] - 128.0f;
					cb[r * 8 + c / 2] = p[1] - 128.0f;
					cr[r * 8 + c / 2] = p[3] - 128.0f;
				}
			}
			encode_block(&e, yb[0], 0, &pred[0]);
			encode_block(&e, yb[1], 0, &pred[0]);
			encode_block(&e, cb, 1, &pred[1]);
			encode_block(&e, cr, 1, &pred[2]);
		}
	}
	bits_flush(&e);
	put16(&e, 0xffd9);
	return e.n <= cap ? e.n : 0;
}

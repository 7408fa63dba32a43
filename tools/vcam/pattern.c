// SPDX-License-Identifier: GPL-2.0
/*
 * The YUYV test picture: 75% colour bars over the top two thirds, a luma
 * ramp below, light noise everywhere (so MJPEG frames have a realistic
 * size) and a white square that moves with the image number. The noise
 * comes from a small table, so a 1920x1080 picture is cheap even under
 * TCG.
 */
#include "vcam.h"

static const uint8_t bars[8][3] = {	/* Y, Cb, Cr (BT.601, 75%) */
	{ 180, 128, 128 }, { 162, 44, 142 }, { 131, 156, 44 }, { 112, 72, 58 },
	{ 84, 184, 198 }, { 65, 100, 212 }, { 35, 212, 114 }, { 16, 128, 128 },
};

#define NOISE_LEN 4093		/* prime: rows do not line up */

static int8_t noise[NOISE_LEN];

static void noise_init(void)
{
	uint32_t h = 0x12345678;

	if (noise[0] || noise[1])
		return;
	for (int i = 0; i < NOISE_LEN; i++) {
		h ^= h << 13;
		h ^= h >> 17;
		h ^= h << 5;
		noise[i] = (int8_t)((h >> 8) % 9) - 4;
	}
}

static inline uint8_t clip(int v)
{
	return v < 16 ? 16 : v > 235 ? 235 : (uint8_t)v;
}

int vcam_pattern_yuyv(uint8_t *dst, unsigned w, unsigned h, unsigned idx, const int *stop)
{
	unsigned box = h / 6, split = h * 2 / 3;
	unsigned bx = (idx * 16) % (w > box ? w - box : 1), by = split - box - h / 16;
	unsigned k = idx * 977;

	noise_init();
	for (unsigned y = 0; y < h; y++) {
		uint8_t *row = dst + (size_t)y * w * 2;

		if (stop && __atomic_load_n(stop, __ATOMIC_RELAXED))
			return -1;

		for (unsigned x = 0; x < w; x += 2) {
			int y0, y1, cb, cr;

			if (y < split) {
				const uint8_t *b = bars[x * 8 / w];

				y0 = y1 = b[0];
				cb = b[1];
				cr = b[2];
			} else {
				y0 = 16 + (int)(x * 219 / w);
				y1 = 16 + (int)((x + 1) * 219 / w);
				cb = cr = 128;
			}
			if (x >= bx && x < bx + box && y >= by && y < by + box) {
				y0 = y1 = 235;
				cb = cr = 128;
			}
			if (++k >= NOISE_LEN)
				k = 0;
			y0 += noise[k];
			y1 += noise[NOISE_LEN - 1 - k];
			row[2 * x] = clip(y0);
			row[2 * x + 1] = (uint8_t)cb;
			row[2 * x + 2] = clip(y1);
			row[2 * x + 3] = (uint8_t)cr;
		}
	}
	return 0;
}

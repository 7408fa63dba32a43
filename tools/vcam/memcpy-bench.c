// SPDX-License-Identifier: GPL-2.0
/*
 * vcam-memcpy: the memcpy bandwidth of the machine it runs on, the limit
 * of the camera path (each frame byte is copied about three times: raw-
 * gadget copy_from_user, dummy_hcd's transfer, uvcvideo's copy to the vb2
 * buffer). Prints one line per block size: "memcpy SIZE MB/s N", then the
 * speed of the framestamp hash (the cost of verifying a frame):
 * "fs_hash SIZE MB/s N".
 */
#include "framestamp.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "v4l2io.h"

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 16384, 614400, 4147200 };
	double secs = argc > 1 ? atof(argv[1]) : 1.0;
	size_t max = 64 << 20;
	uint8_t *a = malloc(max), *b = malloc(max);

	if (!a || !b)
		return 1;
	memset(a, 1, max);
	memset(b, 2, max);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t sz = sizes[i], off = 0;
		uint64_t bytes = 0;
		double t0 = now(), t;

		do {
			for (int k = 0; k < 16; k++) {
				if (off + sz > max)
					off = 0;
				memcpy(b + off, a + off, sz);
				/* keep the copy from being optimised away */
				__asm__ volatile("" : : "r"(b + off) : "memory");
				off += sz;
				bytes += sz;
			}
			t = now() - t0;
		} while (t < secs);
		printf("memcpy %zu MB/s %.1f\n", sz, bytes / t / 1e6);
	}
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t sz = sizes[i], off = 0;
		uint64_t bytes = 0, h = 0;
		double t0 = now(), t;

		do {
			for (int k = 0; k < 4; k++) {
				if (off + sz > max)
					off = 0;
				h += fs_hash(a + off, sz, h);
				off += sz;
				bytes += sz;
			}
			t = now() - t0;
		} while (t < secs);
		printf("fs_hash %zu MB/s %.1f%s\n", sz, bytes / t / 1e6, h == 42 ? " " : "");
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * --fault desc-fuzz: a seeded mutator of the configuration descriptor.
 * Each seed applies one to four mutations, chosen and placed by a
 * splitmix64 generator seeded with --seed, so a seed that upsets the host
 * is reproduced exactly by `vcam --fault desc-fuzz --seed N`. The
 * mutations aim where uvcvideo parses (the class-specific descriptors
 * more often than the others) and are the ones real broken cameras show:
 * a wrong bLength, a count or index field out of range, a descriptor
 * missing or repeated, a configuration cut short, a wrong wTotalLength.
 * The configuration header (9 bytes) keeps its bConfigurationValue and
 * bNumInterfaces, so the host still configures the device and uvcvideo
 * gets to probe it.
 */
#include "vcam.h"
#include "rng.h"

#include <string.h>

#define MAX_DESCS	128

/* A value that parsers get wrong more often than a random one. */
static uint8_t interesting8(struct vcam_rng *r, uint8_t was)
{
	static const uint8_t v[] = { 0, 1, 2, 3, 0x7f, 0x80, 0xfe, 0xff };

	switch (vcam_rng_below(r, 4)) {
	case 0:
		return (uint8_t)(was + 1);
	case 1:
		return (uint8_t)(was - 1);
	case 2:
		return (uint8_t)vcam_rng_next(r);
	}
	return v[vcam_rng_below(r, sizeof(v))];
}

/* Offsets of the descriptors after the configuration header, as far as
 * their bLength chain holds. */
static int walk(const uint8_t *b, size_t n, size_t *at)
{
	size_t o = 9;
	int k = 0;

	while (o + 2 <= n && b[o] >= 2 && o + b[o] <= n && k < MAX_DESCS) {
		at[k++] = o;
		o += b[o];
	}
	return k;
}

/* A descriptor, class-specific ones (CS_INTERFACE) twice as likely. */
static size_t pick(struct vcam_rng *r, const uint8_t *b, const size_t *at, int k)
{
	size_t d = at[vcam_rng_below(r, (uint32_t)k)];

	if (b[d + 1] != 0x24)
		d = at[vcam_rng_below(r, (uint32_t)k)];
	return d;
}

static void put16(uint8_t *p, unsigned int v)
{
	p[0] = v & 0xff;
	p[1] = (v >> 8) & 0xff;
}

static size_t mutate(struct vcam_rng *r, uint8_t *b, size_t n, size_t size, int *total_set)
{
	size_t at[MAX_DESCS], d, len, off;
	int k = walk(b, n, at);

	if (!k)
		return n;
	d = pick(r, b, at, k);
	len = b[d];
	switch (vcam_rng_below(r, 8)) {
	case 0:		/* one byte of the descriptor body */
		off = d + 2 + vcam_rng_below(r, (uint32_t)(len - 2 ? len - 2 : 1));
		if (off < n)
			b[off] = interesting8(r, b[off]);
		break;
	case 1:		/* bLength */
		b[d] = interesting8(r, b[d]);
		break;
	case 2:		/* a count or index: bNumFormats, bNumFrameDescriptors, bTerminalLink... */
		off = d + 3 + vcam_rng_below(r, 6);
		if (off < d + len)
			b[off] = (uint8_t)vcam_rng_below(r, 12);
		break;
	case 3:		/* a 16-bit field (sizes, wTotalLength of the VS header) */
		off = d + 2 + vcam_rng_below(r, (uint32_t)(len > 3 ? len - 3 : 1));
		if (off + 1 < n)
			put16(b + off, vcam_rng_below(r, 2) ? 0 : (unsigned int)vcam_rng_next(r));
		break;
	case 4:		/* the descriptor removed */
		memmove(b + d, b + d + len, n - d - len);
		n -= len;
		break;
	case 5:		/* the descriptor repeated */
		if (n + len <= size) {
			memmove(b + d + len, b + d, n - d);
			n += len;
		}
		break;
	case 6:		/* the configuration cut short */
		n = 9 + vcam_rng_below(r, (uint32_t)(n - 9));
		break;
	case 7:		/* wTotalLength alone */
		put16(b + 2, (unsigned int)(n - 16 + vcam_rng_below(r, 32)));
		*total_set = 1;
		break;
	}
	return n;
}

size_t vcam_desc_fuzz(uint8_t *b, size_t n, size_t size, unsigned int seed)
{
	struct vcam_rng r = { .s = seed * 0x2545f4914f6cdd1dULL + 1 };
	int rounds = 1 + (int)vcam_rng_below(&r, 4), total_set = 0;

	if (n < 9 || n > size)
		return n;
	for (int i = 0; i < rounds; i++)
		n = mutate(&r, b, n, size, &total_set);
	/* mostly a consistent wTotalLength: the host then reads what is there */
	if (!total_set && vcam_rng_below(&r, 4))
		put16(b + 2, (unsigned int)n);
	return n;
}

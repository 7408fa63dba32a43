/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A descriptor being written (desc.c, desc_gen.c): bytes past the end of
 * the buffer are counted but not stored, so a caller learns the length a
 * descriptor needs.
 */
#ifndef VCAM_DESCBUF_H
#define VCAM_DESCBUF_H

#include <stddef.h>
#include <stdint.h>

struct out {
	uint8_t *p;
	size_t n, size;
};

static inline void put8(struct out *o, unsigned v)
{
	if (o->n < o->size)
		o->p[o->n] = (uint8_t)v;
	o->n++;
}

static inline void put16(struct out *o, unsigned v)
{
	put8(o, v & 0xff);
	put8(o, v >> 8);
}

static inline void put32(struct out *o, uint32_t v)
{
	put16(o, v & 0xffff);
	put16(o, v >> 16);
}

static inline void set8(struct out *o, size_t at, unsigned v)
{
	if (at < o->size)
		o->p[at] = (uint8_t)v;
}

static inline void set16(struct out *o, size_t at, unsigned v)
{
	if (at + 1 < o->size) {
		o->p[at] = v & 0xff;
		o->p[at + 1] = v >> 8;
	}
}

#endif

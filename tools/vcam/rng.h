/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The seeded generator of vcam's random descriptors (desc_fuzz.c,
 * desc_gen.c): splitmix64, so that a seed reproduces its descriptors
 * exactly on every machine.
 */
#ifndef VCAM_RNG_H
#define VCAM_RNG_H

#include <stdint.h>

struct vcam_rng {
	uint64_t s;
};

static inline uint64_t vcam_rng_next(struct vcam_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* 0..n-1 (0 when n is 0). */
static inline uint32_t vcam_rng_below(struct vcam_rng *r, uint32_t n)
{
	return n ? (uint32_t)(vcam_rng_next(r) % n) : 0;
}

#endif

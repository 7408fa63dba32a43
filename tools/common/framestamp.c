// SPDX-License-Identifier: GPL-2.0
/* framestamp: per-frame sequence number and checksum (see framestamp.h). */
#include "framestamp.h"

#include <stdio.h>
#include <string.h>

#define K1 0x9e3779b97f4a7c15ULL
#define K2 0xc2b2ae3d27d4eb4fULL

static uint64_t rd64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = v >> (8 * i);
}

static void wr64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

static inline uint64_t fs_round(uint64_t h, uint64_t w)
{
	h ^= w * K1;
	h = (h << 27 | h >> 37) * K2;
	return h;
}

static uint64_t fs_final(uint64_t h)
{
	h ^= h >> 33;
	h *= K1;
	h ^= h >> 29;
	h *= K2;
	h ^= h >> 32;
	return h;
}

uint64_t fs_hash(const void *buf, size_t n, uint64_t seed)
{
	const uint8_t *p = buf;
	uint64_t h = seed ^ (n * K2);
	size_t i = 0;

	/* Two independent lanes: shorter dependency chains, same result on
	 * every host (the words are read little endian). */
	uint64_t a = h, b = ~h;

	for (; i + 16 <= n; i += 16) {
		uint64_t w0, w1;

		memcpy(&w0, p + i, 8);
		memcpy(&w1, p + i + 8, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w0 = __builtin_bswap64(w0);
		w1 = __builtin_bswap64(w1);
#endif
		a = fs_round(a, w0);
		b = fs_round(b, w1);
	}
	h = fs_round(a, b);
	if (i + 8 <= n) {
		h = fs_round(h, rd64(p + i));
		i += 8;
	}
	if (i < n) {
		uint8_t tail[8] = { 0 };

		memcpy(tail, p + i, n - i);
		h = fs_round(h, rd64(tail));
	}
	return fs_final(h);
}

size_t fs_stamp_offset(const void *frame, size_t len)
{
	const uint8_t *p = frame;

	if (len >= 4 && p[0] == 0xff && p[1] == 0xd8 && p[2] == 0xff && p[3] == 0xfe)
		return FS_JPEG_OFFSET;
	return 0;
}

uint64_t fs_body_hash(const void *frame, size_t len, size_t off)
{
	const uint8_t *p = frame;
	uint64_t h = fs_hash(p, off, 0);

	if (len > off + FS_SIZE)
		h = fs_hash(p + off + FS_SIZE, len - off - FS_SIZE, h);
	return h;
}

static uint64_t fs_mix(uint64_t body, const uint8_t *stamp)
{
	uint64_t h = fs_round(body, rd64(stamp));

	h = fs_round(h, rd64(stamp + 8));
	h = fs_round(h, rd64(stamp + 16));
	return fs_final(h);
}

void fs_stamp_write(void *frame, size_t off, uint32_t seq, uint32_t len,
		    uint32_t fourcc, uint64_t body)
{
	uint8_t *s = (uint8_t *)frame + off;

	memcpy(s, FS_MAGIC, 8);
	wr32(s + 8, seq);
	wr32(s + 12, len);
	wr32(s + 16, fourcc);
	wr32(s + 20, 0);
	wr64(s + 24, fs_mix(body, s));
}

void fs_seal(void *frame, size_t len, size_t off, uint32_t seq, uint32_t fourcc)
{
	fs_stamp_write(frame, off, seq, len, fourcc, fs_body_hash(frame, len, off));
}

enum fs_status fs_check(const void *frame, size_t bytesused, struct fs_stamp *st)
{
	const uint8_t *p = frame;
	size_t off = fs_stamp_offset(frame, bytesused);
	const uint8_t *s = p + off;
	struct fs_stamp tmp;

	if (!st)
		st = &tmp;
	if (bytesused < off + FS_SIZE || memcmp(s, FS_MAGIC, 8) != 0)
		return FS_NO_STAMP;
	st->seq = rd32(s + 8);
	st->len = rd32(s + 12);
	st->fourcc = rd32(s + 16);
	st->csum = rd64(s + 24);
	if (bytesused < st->len)
		return FS_TRUNCATED;
	if (bytesused > st->len)
		return FS_BAD_LENGTH;
	if (fs_mix(fs_body_hash(p, st->len, off), s) != st->csum)
		return FS_BAD_CSUM;
	return FS_OK;
}

void fs_verifier_init(struct fs_verifier *v)
{
	memset(v, 0, sizeof(*v));
}

/* fs_check() failed: count the frame corrupt (and truncated). */
static void count_corrupt(struct fs_verifier *v, enum fs_status s)
{
	v->corrupt++;
	if (s == FS_TRUNCATED)
		v->truncated++;
}

/*
 * A frame older than the newest seen: if its number was missing, no longer
 * (returns whether it was).
 */
static int fill_gap(struct fs_verifier *v, uint32_t seq)
{
	uint32_t i = v->last_seq - 1 - seq;	/* late by i + 1 */

	if (seq == v->last_seq || i >= 64 || !((v->missing >> i) & 1))
		return 0;
	v->missing &= ~(1ULL << i);
	v->dropped--;
	return 1;
}

/*
 * A corrupt frame whose stamp names a number already booked missing: a
 * late one (the host driver completed it after a newer frame), not a drop.
 * Its stamp was read (only the checksum, the length or the size failed),
 * and a stamp whose own bytes were damaged names a missing number only by
 * chance.
 */
static int corrupt_fills_gap(struct fs_verifier *v, enum fs_status s, const struct fs_stamp *st)
{
	return v->started && s != FS_NO_STAMP && fill_gap(v, st->seq);
}

enum fs_status fs_verify(struct fs_verifier *v, const void *frame,
			 size_t bytesused, struct fs_stamp *st)
{
	struct fs_stamp tmp;
	enum fs_status s;

	if (!st)
		st = &tmp;
	v->frames++;
	s = fs_check(frame, bytesused, st);
	if (s != FS_OK) {
		count_corrupt(v, s);
		if (v->started && !corrupt_fills_gap(v, s, st))
			v->pending++;	/* it took one sequence number */
		return s;
	}
	v->ok++;
	if (v->started) {
		/* Unsigned difference: wraps correctly at 2^32. */
		uint32_t d = st->seq - v->last_seq;

		if (d == 0 || d > 0x80000000u) {
			fill_gap(v, st->seq);
			v->out_of_order++;
			return FS_OUT_OF_ORDER;
		}
		/* corrupt frames since the last good one fill the first slots */
		uint32_t absorbed = d - 1 < v->pending ? d - 1 : v->pending;
		uint32_t miss = d - 1 - absorbed;

		v->pending = 0;
		v->missing = d >= 64 ? ~0ULL : v->missing << d | ((1ULL << miss) - 1);
		v->last_seq = st->seq;
		if (miss) {
			v->dropped += miss;
			return FS_DROPPED;
		}
		return FS_OK;
	}
	v->started = 1;
	v->last_seq = st->seq;
	v->missing = 0;
	v->pending = 0;
	return FS_OK;
}

enum fs_status fs_verify_late(struct fs_verifier *v, const void *frame,
			      size_t bytesused, struct fs_stamp *st)
{
	struct fs_stamp tmp;
	enum fs_status s;

	if (!st)
		st = &tmp;
	s = fs_check(frame, bytesused, st);
	if (s != FS_OK) {
		count_corrupt(v, s);
		corrupt_fills_gap(v, s, st);
		return s;
	}
	if (v->started)
		fill_gap(v, st->seq);
	v->out_of_order++;
	return FS_OUT_OF_ORDER;
}

int fs_summary(const struct fs_verifier *v, char *buf, size_t size)
{
	return snprintf(buf, size, "frames %llu ok %llu dropped %llu corrupt %llu out-of-order %llu",
			(unsigned long long)v->frames, (unsigned long long)v->ok,
			(unsigned long long)v->dropped, (unsigned long long)v->corrupt,
			(unsigned long long)v->out_of_order);
}

int fs_all_good(const struct fs_verifier *v)
{
	return v->frames > 0 && v->ok == v->frames && !v->dropped &&
	       !v->corrupt && !v->out_of_order;
}

const char *fs_status_name(enum fs_status s)
{
	switch (s) {
	case FS_OK: return "ok";
	case FS_NO_STAMP: return "no-stamp";
	case FS_TRUNCATED: return "truncated";
	case FS_BAD_LENGTH: return "bad-length";
	case FS_BAD_CSUM: return "bad-checksum";
	case FS_DROPPED: return "dropped";
	case FS_OUT_OF_ORDER: return "out-of-order";
	}
	return "?";
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * framestamp: per-frame sequence number and checksum, written by the
 * virtual camera (tools/vcam) and checked by every capture tool of the
 * project (vcam-verify, uvcstat).
 *
 * ---- Where the stamp lives ----
 * A stamp is a 32-byte block inside the frame itself, so it survives any
 * transport that delivers the frame bytes unchanged:
 *   - uncompressed frames (YUYV): at offset 0 of the image (the first 16
 *     pixels of the top line carry it);
 *   - MJPEG frames: in a COM segment right after SOI, so the JPEG stays
 *     decodable:  FF D8  FF FE 00 22  <32-byte stamp>  ... rest of the JPEG.
 * fs_stamp_offset() tells which, from the first bytes of the frame.
 *
 * ---- Stamp layout (all little endian) ----
 *   0  8  magic "VCAMFS01"
 *   8  4  sequence number (the camera's frame counter, +1 per frame sent)
 *  12  4  length of the whole frame in bytes (what bytesused must be)
 *  16  4  V4L2 fourcc of the frame ("YUYV", "MJPG")
 *  20  4  reserved, 0
 *  24  8  checksum
 *
 * ---- Checksum ----
 * checksum = fs_mix(body, magic..reserved), where body = fs_hash() of every
 * frame byte outside the stamp: bytes [0, off) then [off + 32, length).
 * So each byte of the frame is covered (the stamp fields through fs_mix).
 * A generator that sends the same image many times can compute body once
 * (fs_body_hash) and seal each copy with fs_stamp_write().
 *
 * ---- Verifying a stream ----
 *   struct fs_verifier v;  fs_verifier_init(&v);
 *   for each captured frame: st = fs_verify(&v, buf, bytesused, &stamp);
 *   fs_summary(&v, line, sizeof(line));  ->
 *     "frames N ok N dropped N corrupt N out-of-order N"
 * fs_check() checks one frame alone (no sequence state).
 * The first frame sets the expected sequence; each later frame must carry
 * the previous one + 1. A gap of k counts k dropped frames (the frame
 * itself is still ok); a sequence at or below the previous is out of order.
 * A late frame that fills one of the last 64 gaps is not dropped after all:
 * it counts as out of order only (so frames N+1, N count 0 dropped and 1
 * out of order). A corrupt frame (its sequence number cannot be trusted)
 * is assumed to take the next sequence number: N, corrupt, N+2 counts 1
 * corrupt and 0 dropped.
 */
#ifndef FRAMESTAMP_H
#define FRAMESTAMP_H

#include <stddef.h>
#include <stdint.h>

#define FS_MAGIC	"VCAMFS01"
#define FS_SIZE		32	/* bytes of a stamp */
#define FS_JPEG_OFFSET	6	/* SOI (2) + COM marker and length (4) */

#define FS_FOURCC(a, b, c, d) \
	((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)
#define FS_FOURCC_YUYV	FS_FOURCC('Y', 'U', 'Y', 'V')
#define FS_FOURCC_MJPG	FS_FOURCC('M', 'J', 'P', 'G')

struct fs_stamp {
	uint32_t seq;
	uint32_t len;
	uint32_t fourcc;
	uint64_t csum;
};

enum fs_status {
	FS_OK = 0,
	FS_NO_STAMP,		/* no magic where the stamp should be */
	FS_TRUNCATED,		/* fewer bytes than the stamp's length */
	FS_BAD_LENGTH,		/* more bytes than the stamp's length */
	FS_BAD_CSUM,		/* checksum mismatch: corrupted bytes */
	FS_DROPPED,		/* intact, but sequence numbers were skipped */
	FS_OUT_OF_ORDER,	/* intact, sequence not after the previous */
};

/* Running totals of fs_verify(). */
struct fs_verifier {
	int started;
	uint32_t last_seq;	/* highest sequence number seen */
	uint64_t missing;	/* bit i: last_seq - 1 - i not seen yet */
	uint32_t pending;	/* corrupt frames since the last intact one */
	uint64_t frames;	/* frames given to fs_verify */
	uint64_t ok;		/* frames that were intact (OK or DROPPED) */
	uint64_t dropped;	/* sequence numbers missing between frames */
	uint64_t corrupt;	/* NO_STAMP, TRUNCATED, BAD_LENGTH, BAD_CSUM */
	uint64_t truncated;	/* part of corrupt */
	uint64_t out_of_order;
};

/* Offset of the stamp in a frame of len bytes: FS_JPEG_OFFSET for a
 * frame starting with SOI + COM, else 0. */
size_t fs_stamp_offset(const void *frame, size_t len);

/* 64-bit hash of n bytes, continuing from seed (use 0 to start). */
uint64_t fs_hash(const void *buf, size_t n, uint64_t seed);

/* Hash of the bytes of a len-byte frame outside the stamp at off. */
uint64_t fs_body_hash(const void *frame, size_t len, size_t off);

/* Write the stamp at frame + off, given body = fs_body_hash(...). */
void fs_stamp_write(void *frame, size_t off, uint32_t seq, uint32_t len,
		    uint32_t fourcc, uint64_t body);

/* Stamp a complete frame (computes the body hash). */
void fs_seal(void *frame, size_t len, size_t off, uint32_t seq, uint32_t fourcc);

/* Check one frame of bytesused bytes; fills *st (if not NULL) when a stamp
 * was found. Returns FS_OK, FS_NO_STAMP, FS_TRUNCATED, FS_BAD_LENGTH or
 * FS_BAD_CSUM. */
enum fs_status fs_check(const void *frame, size_t bytesused, struct fs_stamp *st);

void fs_verifier_init(struct fs_verifier *v);

/* fs_check() plus the sequence rules; updates the totals of v. */
enum fs_status fs_verify(struct fs_verifier *v, const void *frame,
			 size_t bytesused, struct fs_stamp *st);

/*
 * A frame that came after the capture's last one but was numbered before it
 * by the host driver (a buffer completed out of order): it is checked, and
 * when intact it closes its sequence number's gap (the drop is cancelled)
 * and counts as out of order; it is not one of the frames counted by
 * fs_verify. Returns fs_check()'s failure, or FS_OUT_OF_ORDER.
 */
enum fs_status fs_verify_late(struct fs_verifier *v, const void *frame,
			      size_t bytesused, struct fs_stamp *st);

/* "frames N ok N dropped N corrupt N out-of-order N" */
int fs_summary(const struct fs_verifier *v, char *buf, size_t size);

/* Every frame intact, none dropped, none out of order. */
int fs_all_good(const struct fs_verifier *v);

const char *fs_status_name(enum fs_status s);

#endif

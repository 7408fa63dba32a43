// SPDX-License-Identifier: GPL-2.0
/*
 * Frame source: a ring of VCAM_RING prepared images per format and size,
 * made once, one by one, by the preparer thread (prepare.c: a JPEG of
 * 1920x1080 takes a while under TCG), each with its framestamp body hash
 * computed once, so sending a frame only writes its stamp.
 */
#include "source.h"
#include "framestamp.h"

#include <stdlib.h>
#include <string.h>

uint32_t vcam_fourcc(enum vcam_fmt fmt)
{
	return fmt == VCAM_YUYV ? FS_FOURCC_YUYV : FS_FOURCC_MJPG;
}

void vcam_source_init(struct vcam_source *s)
{
	memset(s, 0, sizeof(*s));
}

void vcam_source_free(struct vcam_source *s)
{
	for (int i = 0; i < VCAM_RING; i++)
		free(s->img[i].mem);
	free(s->scratch.mem);
	free(s->yuyv);
	vcam_source_init(s);
}

int vcam_source_setup(struct vcam_source *s, enum vcam_fmt fmt, unsigned w,
		      unsigned h, int quality)
{
	if (s->cap && s->fmt == fmt && s->w == w && s->h == h && s->quality == quality)
		return 0;	/* images made so far stay */
	vcam_source_free(s);
	s->fmt = fmt;
	s->w = w;
	s->h = h;
	s->quality = quality;
	s->cap = vcam_frame_size(fmt, w, h);
	s->scratch.mem = calloc(1, VCAM_HEADROOM + s->cap + VCAM_SLACK);
	if (fmt == VCAM_MJPEG)
		s->yuyv = malloc((size_t)w * h * 2);
	if (!s->scratch.mem || (fmt == VCAM_MJPEG && !s->yuyv)) {
		vcam_source_free(s);
		return -1;
	}
	return 0;
}

static int make_image(struct vcam_source *s, struct vcam_image *img, uint32_t idx,
		      const int *stop)
{
	uint8_t *frame;

	img->mem = calloc(1, VCAM_HEADROOM + s->cap + VCAM_SLACK);
	if (!img->mem)
		return -1;
	frame = vcam_image_frame(img);
	if (s->fmt == VCAM_YUYV) {
		img->len = vcam_pattern_yuyv(frame, s->w, s->h, idx, stop) ? 0 : s->cap;
	} else {
		img->len = 0;
		if (!vcam_pattern_yuyv(s->yuyv, s->w, s->h, idx, stop))
			img->len = vcam_jpeg_encode(s->yuyv, s->w, s->h, s->quality, frame,
						    s->cap, stop);
	}
	if (!img->len) {
		free(img->mem);
		img->mem = NULL;
		return stop && __atomic_load_n(stop, __ATOMIC_RELAXED) ? -2 : -1;
	}
	img->body = fs_body_hash(frame, img->len, fs_stamp_offset(frame, img->len));
	return 0;
}

unsigned int vcam_source_ready(const struct vcam_source *s)
{
	return __atomic_load_n(&s->ready, __ATOMIC_ACQUIRE);
}

int vcam_source_make_next(struct vcam_source *s, const int *stop)
{
	unsigned int n = s->ready;	/* only this thread changes it */
	int ret;

	if (n >= VCAM_RING)
		return 0;
	ret = make_image(s, &s->img[n], n, stop);
	if (ret)
		return ret;
	/* the image's bytes before the count that shows it to the writer */
	__atomic_store_n(&s->ready, n + 1, __ATOMIC_RELEASE);
	if (n + 1 == VCAM_RING) {
		free(s->yuyv);	/* only needed to make JPEGs */
		s->yuyv = NULL;
	}
	return 1;
}

struct vcam_image *vcam_source_get(struct vcam_source *s, uint32_t idx)
{
	unsigned int n = vcam_source_ready(s);

	return n ? &s->img[idx % n] : NULL;
}

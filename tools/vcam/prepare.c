// SPDX-License-Identifier: GPL-2.0
/*
 * The preparer thread: makes the images of each advertised format and
 * size once, in the background, so that the writer never encodes while it
 * streams. Encoding in the writer made every new image a late frame: MJPEG
 * 1280x720 at 30 fps lost dozens of frame slots to its first eight JPEGs
 * under TCG. Encoding beside a running stream costs slots too (under the
 * icount clock the vCPUs share one instruction budget), so the preparer
 * works while nothing streams, in the advertised order from the start
 * (the default format and size first), and otherwise only on the ring the
 * writer wants and does not have in full.
 */
#include "source.h"

#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Index of the ring of fmt w x h, -1 if that size is not advertised. */
static int ring_index(const struct vcam_prepare *p, enum vcam_fmt fmt, unsigned int w,
		      unsigned int h)
{
	for (int i = 0; i < p->n; i++)
		if (p->key[i].fmt == fmt && p->key[i].w == w && p->key[i].h == h)
			return i;
	return -1;
}

/* -v: "vcam: yuyv 640x480: WHAT" for ring i */
static void say(const struct vcam_prepare *p, int i, const char *what)
{
	fprintf(stderr, "vcam: %s %ux%u: %s\n", p->key[i].fmt == VCAM_MJPEG ? "mjpeg" : "yuyv",
		p->key[i].w, p->key[i].h, what);
}

static int incomplete(const struct vcam_prepare *p, int i)
{
	return !p->failed[i] && vcam_source_ready(&p->ring[i]) < VCAM_RING;
}

/*
 * The ring to work on: the wanted one, else while nothing streams the
 * first ring that has no image yet, then the first incomplete one; -1 for
 * none. One image of every ring first: a stream can start with one (the
 * writer cycles through those made so far), so a capture that comes
 * right after the camera started waits for one image, not for eight
 * images of every ring advertised before its own.
 */
static int next_ring(const struct vcam_prepare *p)
{
	if (p->want >= 0 && incomplete(p, p->want))
		return p->want;
	for (int i = 0; i < p->n && !p->streaming; i++)
		if (!p->failed[i] && vcam_source_ready(&p->ring[i]) == 0)
			return i;
	for (int i = 0; i < p->n && !p->streaming; i++)
		if (incomplete(p, i))
			return i;
	return -1;
}

static void *preparer(void *arg)
{
	struct vcam_prepare *p = arg;

	/* Behind the writer and the capture when they need the CPU: a new
	 * image only adds variety once the first one is made. */
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
	pthread_mutex_lock(&p->lock);
	while (!p->quit) {
		struct vcam_source *r;
		int i = next_ring(p), ret;
		double t;

		if (i < 0) {
			pthread_cond_wait(&p->cond, &p->lock);
			continue;
		}
		r = &p->ring[i];
		p->making = i;
		__atomic_store_n(&p->stop_making, 0, __ATOMIC_RELAXED);
		pthread_mutex_unlock(&p->lock);
		t = vcam_now();
		/* allocates the ring the first time only */
		ret = vcam_source_setup(r, p->key[i].fmt, p->key[i].w, p->key[i].h,
					p->quality);
		if (!ret)
			ret = vcam_source_make_next(r, &p->stop_making);
		if (p->verbose > 1 && ret > 0) {
			char made[64];

			snprintf(made, sizeof(made), "image %u made in %.3f s",
				 vcam_source_ready(r), vcam_now() - t);
			say(p, i, made);
		}
		pthread_mutex_lock(&p->lock);
		p->making = -1;
		if (ret == -2 && p->verbose > 1)
			say(p, i, "image given up for another format or size");
		if (ret == -1)
			p->failed[i] = 1;
		if (p->verbose && ret == -1)
			say(p, i, "cannot make its images");
		else if (p->verbose && ret > 0 && vcam_source_ready(r) == VCAM_RING)
			say(p, i, "images ready");
		pthread_cond_broadcast(&p->cond);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

int vcam_prepare_start(struct vcam_prepare *p, const struct vcam_config *c)
{
	p->n = 0;
	p->quit = 0;
	p->want = -1;
	p->streaming = 0;
	p->making = -1;
	p->quality = c->quality;
	p->verbose = c->verbose;
	for (int f = 0; f < c->nformats; f++) {
		for (int k = 0; k < c->format[f].nframes && p->n < VCAM_RINGS; k++) {
			p->key[p->n].fmt = c->format[f].fmt;
			p->key[p->n].w = c->format[f].frame[k].w;
			p->key[p->n].h = c->format[f].frame[k].h;
			vcam_source_init(&p->ring[p->n]);
			p->failed[p->n++] = 0;
		}
	}
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->cond, NULL);
	return pthread_create(&p->thread, NULL, preparer, p) ? -1 : 0;
}

struct vcam_source *vcam_prepare_ring(struct vcam_prepare *p, enum vcam_fmt fmt,
				      unsigned int w, unsigned int h,
				      double timeout_s, int *failed)
{
	int i = ring_index(p, fmt, w, h);
	struct vcam_source *r = NULL;
	struct timespec until;

	*failed = i < 0;
	if (i < 0)
		return NULL;
	clock_gettime(CLOCK_REALTIME, &until);	/* pthread_cond_timedwait's clock */
	until.tv_sec += (time_t)timeout_s;
	until.tv_nsec += (long)((timeout_s - (time_t)timeout_s) * 1e9);
	if (until.tv_nsec >= 1000000000) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&p->lock);
	if (p->want != i) {
		p->want = i;
		if (p->making >= 0 && p->making != i)
			__atomic_store_n(&p->stop_making, 1, __ATOMIC_RELAXED);
		pthread_cond_broadcast(&p->cond);
	}
	while (!p->failed[i] && !p->quit && !vcam_source_ready(&p->ring[i]))
		if (pthread_cond_timedwait(&p->cond, &p->lock, &until) == ETIMEDOUT)
			break;
	if (vcam_source_ready(&p->ring[i]))
		r = &p->ring[i];
	else
		*failed = p->failed[i];
	pthread_mutex_unlock(&p->lock);
	return r;
}

void vcam_prepare_wait_first(struct vcam_prepare *p)
{
	pthread_mutex_lock(&p->lock);
	for (int i = 0; i < p->n && !p->quit; i++)
		while (!p->failed[i] && !p->quit && !vcam_source_ready(&p->ring[i]))
			pthread_cond_wait(&p->cond, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

void vcam_prepare_streaming(struct vcam_prepare *p, int on)
{
	pthread_mutex_lock(&p->lock);
	p->streaming = on;
	if (!on)
		p->want = -1;
	pthread_cond_broadcast(&p->cond);
	/*
	 * An image of another ring, begun while nothing streamed, is not
	 * made beside the stream: that took the stream's CPU (on the icount
	 * clock the vCPUs share one instruction budget) and the first frames
	 * came late, which the capture saw as lost frames. The preparer gives
	 * it up within a row (vcam_prepare_ring() asked it to).
	 */
	while (on && p->making >= 0 && p->making != p->want && !p->quit)
		pthread_cond_wait(&p->cond, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

void vcam_prepare_stop(struct vcam_prepare *p)
{
	pthread_mutex_lock(&p->lock);
	p->quit = 1;
	pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);	/* after the image it is making */
	for (int i = 0; i < p->n; i++)
		vcam_source_free(&p->ring[i]);
}

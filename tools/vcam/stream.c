// SPDX-License-Identifier: GPL-2.0
/*
 * The writer thread: sends frames on the bulk endpoint, one UVC payload per
 * frame by default, each EP_WRITE with USB_RAW_IO_FLAGS_ZERO on a payload's
 * last piece. uvcvideo stops a bulk stream with a CLEAR_FEATURE that
 * dummy_hcd answers itself, so the camera only learns of a restart from
 * the next SET_CUR(COMMIT): ep0 then pauses the writer (SIGUSR1 interrupts
 * a blocked EP_WRITE), and the interrupted frame is sent again whole, with
 * the same sequence number, at the start of the new stream.
 */
#include "source.h"
#include "framestamp.h"

#include <errno.h>
#include <linux/usb/raw_gadget.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>

#define MAX_WRITES 4096

static int paused(struct vcam_stream *s, unsigned int gen)
{
	return s->quit || __atomic_load_n(&s->gen, __ATOMIC_ACQUIRE) != gen;
}

/*
 * One EP_WRITE of w: the usb_raw_ep_io and payload header are written just
 * before the frame bytes (in the image's headroom, or over bytes of the
 * frame that were already sent, saved and put back), so nothing is copied.
 */
int vcam_ep_write(struct vcam_stream *s, uint8_t *frame, const struct vcam_write *w)
{
	uint8_t *data = frame + w->off;
	uint8_t *start = data - w->hdr_len - sizeof(struct usb_raw_ep_io);
	size_t pre = data - start;
	uint8_t saved[sizeof(struct usb_raw_ep_io) + VCAM_HDR_MAX];
	struct usb_raw_ep_io io = {
		.ep = (uint16_t)s->ep,
		.flags = w->zero ? USB_RAW_IO_FLAGS_ZERO : 0,
		.length = w->hdr_len + w->flen,
	};
	int ret;

	memcpy(saved, start, pre);
	memcpy(start, &io, sizeof(io));
	memcpy(start + sizeof(io), w->hdr, w->hdr_len);
	ret = ioctl(s->fd, USB_RAW_IOCTL_EP_WRITE, start);
	if (ret < 0)
		ret = -errno;
	memcpy(start, saved, pre);
	return ret;
}

/* Is frame number n faulty? (the limit counts faulty frames sent) */
static int faulty(const struct vcam_stream *s, uint64_t n)
{
	const struct vcam_config *c = s->cfg;

	return (c->faults & vcam_fault_mask('S')) && n >= c->fault_after &&
	       (n - c->fault_after) % c->fault_every == 0 &&
	       (!c->fault_limit || s->st.faults < c->fault_limit);
}

/* The frame's framestamp, unless --no-framestamp (a real camera stamps nothing). */
static void stamp_frame(const struct vcam_stream *s, uint8_t *frame, const struct vcam_image *img)
{
	if (s->cfg->no_framestamp)
		return;
	fs_stamp_write(frame, fs_stamp_offset(frame, img->len), s->seq, img->len,
		       vcam_fourcc(s->src->fmt), img->body);
}

/*
 * Sends frame number s->seq. Returns 0 when sent, -EINTR when paused
 * (nothing counted), another -errno on a write error.
 */
static int send_frame(struct vcam_stream *s, unsigned int gen, struct vcam_write *w,
		      uint8_t *fid, int *fid_stuck)
{
	const struct vcam_config *c = s->cfg;
	struct vcam_image *img = vcam_source_get(s->src, s->seq);
	int bad = faulty(s, s->seq);
	struct vcam_plan_args a = {
		.max_payload = s->commit.dwMaxPayloadTransferSize,
		.write_size = c->write_size,
		.maxp = vcam_maxp(c),
		.hdr_len = vcam_hdr_len(c),
	};
	uint8_t *frame;
	uint64_t sent = 0;
	double t = vcam_now();
	int n, ret, payload = 0;

	if (!img)
		return -ENOMEM;
	frame = vcam_image_frame(img);
	a.frame_len = img->len;
	if (bad && vcam_fault_on(c, F_FID_STUCK))
		*fid_stuck = 1;
	if (!*fid_stuck)
		*fid ^= 1;
	a.fid = *fid;
	a.pts = (uint32_t)(t * VCAM_CLOCK_HZ);
	a.stc = a.pts;
	a.sof = (uint16_t)((uint64_t)(t * 1000) & 0x7ff);
	stamp_frame(s, frame, img);
	if (bad && vcam_fault_on(c, F_RANDOM)) {
		uint8_t *x = vcam_image_frame(&s->src->scratch);
		uint32_t at = rand_r(&s->rand) % (img->len > 64 ? img->len - 64 : 1);

		memcpy(x, frame, img->len);
		for (int i = 0; i < 64 && at + i < img->len; i++)
			x[at + i] = (uint8_t)rand_r(&s->rand);
		frame = x;
	}
	if (bad && vcam_fault_on(c, F_OVERSIZE))
		a.frame_len = s->commit.dwMaxVideoFrameSize + 4096;
	if (bad && vcam_fault_on(c, F_TRUNCATE))
		a.frame_len /= 2;
	if (bad && vcam_fault_on(c, F_ERR_BIT))
		a.flags |= UVC_ERR;
	if (bad && c->busy_cpu >= 0 && !s->busy_started) {
		s->busy_started = 1;
		if (vcam_busy_cpu((unsigned int)c->busy_cpu, c->busy_ms))
			return -ECANCELED;	/* the stream stops: said why */
	}
	if (bad) {
		s->st.faults++;
		/* the tests tell a frame lost to an injected fault from any other loss */
		fprintf(stderr, "vcam: frame %u faulty\n", s->seq);
		/* hdr-len-long, empty-payloads: payloads before the frame */
		ret = vcam_fault_before_frame(s, a.fid);
		if (ret < 0)
			return ret;
	}
	if (bad && (vcam_fault_on(c, F_DISCONNECT) || vcam_fault_on(c, F_EP_STALL)) &&
	    a.frame_len / 2 >= a.maxp)
		a.write_size = a.frame_len / 2 / a.maxp * a.maxp;	/* >= 2 writes */
	n = vcam_plan_frame(&a, w, MAX_WRITES);
	if (n > MAX_WRITES)
		return -E2BIG;
	if (bad && vcam_fault_on(c, F_RANDOM_PAYLOAD)) {
		/* random-payload: random payloads instead of the frame's */
		n = vcam_fault_random_plan(s, w, MAX_WRITES, a.frame_len, a.max_payload);
		frame = vcam_image_frame(&s->src->scratch);
	}
	for (int i = 0; i < n; i++) {
		if (paused(s, gen))
			return -EINTR;
		if (bad && w[i].hdr_len && vcam_fault_on(c, F_HDR_LEN_0))
			w[i].hdr[0] = 0;
		if (bad && w[i].hdr_len && vcam_fault_on(c, F_HDR_LEN_1))
			w[i].hdr[0] = 1;
		/* fid-toggle: every payload after the first flips FID again */
		if (bad && w[i].hdr_len && vcam_fault_on(c, F_FID_TOGGLE))
			w[i].hdr[1] ^= (payload++ & 1) ? UVC_FID : 0;
		if (bad && vcam_fault_on(c, F_DISCONNECT) && i > 0) {
			s->request_exit("disconnect fault");
			return -ENODEV;
		}
		/*
		 * ep-stall: the host's URBs in flight complete with -EPIPE
		 * (dummy_hcd), an error uvcvideo cancels its queue on without
		 * the device going away; its STREAMOFF clears the halt.
		 */
		if (bad && vcam_fault_on(c, F_EP_STALL) && i > 0) {
			if (ioctl(s->fd, USB_RAW_IOCTL_EP_SET_HALT, (unsigned long)s->ep) < 0)
				fprintf(stderr, "vcam: EP_SET_HALT: %s\n", strerror(errno));
			return -EPIPE;
		}
		ret = vcam_ep_write(s, frame, &w[i]);
		if (ret == -EINTR && paused(s, gen))
			return -EINTR;
		if (ret < 0)
			return ret;
		sent += (uint64_t)ret;
	}
	if (!s->st.frames)
		s->st.t_first = t;
	s->st.t_last = vcam_now();
	s->st.frames++;
	s->st.bytes += sent;
	if (c->verbose > 1)
		fprintf(stderr, "vcam: frame %u sent, %llu bytes\n", s->seq,
			(unsigned long long)sent);
	s->seq++;
	return 0;
}

static void sleep_until(double t)
{
	struct timespec ts = { .tv_sec = (time_t)t, .tv_nsec = (long)((t - (time_t)t) * 1e9) };

	/* EINTR (a pause) just returns early */
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

/* Streams one committed session until paused. */
static void stream_session(struct vcam_stream *s, unsigned int gen, struct vcam_write *w)
{
	const struct vcam_config *c = s->cfg;
	const struct vcam_format *f = vcam_probe_format(c, &s->commit);
	const struct vcam_frame *fr = vcam_probe_frame(c, &s->commit);
	double interval = s->commit.dwFrameInterval / 1e7, t0;
	uint8_t fid = 0;
	int fid_stuck = 0;
	uint64_t k = 0;
	int failed = 0;
	struct vcam_source *src;

	/*
	 * The schedule starts as soon as this format and size has one image:
	 * a camera sends its first frame within a frame interval or two of
	 * STREAMON, and a capture tool's frame rate counts from there. The
	 * preparer makes the rest of the ring while the stream runs.
	 */
	for (;;) {
		if (paused(s, gen))
			return;
		src = vcam_prepare_ring(&s->prep, f->fmt, fr->w, fr->h, 0.02, &failed);
		if (failed) {
			fprintf(stderr, "vcam: out of memory for %ux%u frames\n", fr->w, fr->h);
			s->request_exit("out of memory");
			return;
		}
		if (src)
			break;
	}
	s->src = src;
	vcam_prepare_streaming(&s->prep, 1);
	t0 = vcam_now();
	while (!paused(s, gen)) {
		int ret;

		if (!c->free_run) {
			double late = vcam_now() - (t0 + k * interval);

			/*
			 * A whole interval late or more (the host took the
			 * previous frames late, e.g. the guest was not
			 * scheduled): skip the missed slots, as a sensor that
			 * cannot store frames does, instead of catching up
			 * with a burst of frames faster than the committed
			 * rate, which the capture's few buffers cannot take.
			 */
			if (late >= interval) {
				uint64_t skip = (uint64_t)(late / interval);

				k += skip;
				s->st.late += skip;
			}
			sleep_until(t0 + k * interval);
		}
		if (paused(s, gen))
			break;
		ret = send_frame(s, gen, w, &fid, &fid_stuck);
		if (ret == -EINTR)
			break;	/* paused: the frame is sent again whole */
		if (ret == -ENODEV && vcam_fault_on(c, F_DISCONNECT))
			break;
		if (ret == -EPIPE) {
			/* halted (ep-stall): nothing more until the next commit */
			while (!paused(s, gen))
				sleep_until(vcam_now() + 0.01);
			break;
		}
		if (ret < 0) {
			s->st.write_errors++;
			if (c->verbose)
				fprintf(stderr, "vcam: EP_WRITE: %s\n", strerror(-ret));
			if (ret == -ENOMEM || ret == -E2BIG || ret == -ECANCELED) {
				s->request_exit("cannot send frames");
				break;
			}
			/* e.g. -ESHUTDOWN after a bus reset: retry later */
			sleep_until(vcam_now() + 0.05);
			continue;
		}
		k++;
		if (c->frames && s->st.frames >= c->frames) {
			s->request_exit("--frames reached");
			break;
		}
	}
	vcam_prepare_streaming(&s->prep, 0);	/* the other rings may go on */
}

static void *writer(void *arg)
{
	struct vcam_stream *s = arg;
	struct vcam_write *w = calloc(MAX_WRITES, sizeof(*w));
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (!w) {
		s->request_exit("out of memory");
		pthread_mutex_lock(&s->lock);
		s->exited = 1;
		pthread_cond_broadcast(&s->cond);
		pthread_mutex_unlock(&s->lock);
		return NULL;
	}
	pthread_mutex_lock(&s->lock);
	s->writer_tid = gettid();
	vcam_interrupt_become(&s->intr);
	while (!s->quit) {
		unsigned int gen = s->gen;

		if (s->ack != gen) {
			s->ack = gen;
			pthread_cond_broadcast(&s->cond);
		}
		if (!s->running || s->ep < 0) {
			pthread_cond_wait(&s->cond, &s->lock);
			continue;
		}
		pthread_mutex_unlock(&s->lock);
		stream_session(s, gen, w);
		pthread_mutex_lock(&s->lock);
		if (s->gen == gen)	/* ended by itself: wait for a commit */
			s->running = 0;
	}
	s->ack = s->gen;
	s->exited = 1;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
	free(w);
	return NULL;
}

int vcam_stream_start(struct vcam_stream *s, const struct vcam_config *cfg, int fd,
		      void (*request_exit)(const char *why))
{
	sigset_t old;
	int ret;

	memset(s, 0, sizeof(*s));
	s->cfg = cfg;
	s->fd = fd;
	s->ep = -1;
	s->rand = cfg->seed;
	s->request_exit = request_exit;
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->cond, NULL);
	if (vcam_prepare_start(&s->prep, cfg))
		return -1;
	/* a pause before the writer counts its signals waits for it */
	vcam_interrupt_block(&old);
	ret = pthread_create(&s->thread, NULL, writer, s) ? -1 : 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ret;
}

/*
 * Bumps gen and interrupts the writer until it is idle. A stop normally
 * takes one signal and a millisecond; a stop that takes longer holds up
 * the control transfer that asked for it (the host gives up after 5 s),
 * so where the writer is stuck is reported, at 0.5 s and at each doubling.
 */
static void stream_interrupt(struct vcam_stream *s)
{
	double t0 = vcam_now(), report_at = 0.5;
	unsigned int gen, signals = 0;

	pthread_mutex_lock(&s->lock);
	gen = __atomic_add_fetch(&s->gen, 1, __ATOMIC_ACQ_REL);
	s->running = 0;
	pthread_cond_broadcast(&s->cond);
	while (s->ack != gen && !s->exited) {
		struct timespec ts;
		double waited = vcam_now() - t0;

		if (waited >= report_at) {
			vcam_report_stuck(s->writer_tid, "the writer has not stopped",
					  waited, signals);
			report_at *= 2;
		}
		signals += vcam_interrupt_send(&s->intr, s->thread);
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 2000000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&s->cond, &s->lock, &ts);
	}
	pthread_mutex_unlock(&s->lock);
}

void vcam_stream_pause(struct vcam_stream *s)
{
	stream_interrupt(s);
}

void vcam_stream_run(struct vcam_stream *s, const struct vcam_probe *p)
{
	pthread_mutex_lock(&s->lock);
	if (s->st.streams++)
		s->st.restarts++;
	s->commit = *p;
	s->running = 1;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
}

void vcam_stream_set_ep(struct vcam_stream *s, int ep)
{
	pthread_mutex_lock(&s->lock);
	s->ep = ep;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
}

void vcam_stream_stop(struct vcam_stream *s)
{
	s->quit = 1;
	stream_interrupt(s);
	pthread_join(s->thread, NULL);
	vcam_prepare_stop(&s->prep);
}

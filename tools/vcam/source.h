/* SPDX-License-Identifier: GPL-2.0 */
/* Frame source and streaming of vcam (source.c, stream.c, ep0.c). */
#ifndef VCAM_SOURCE_H
#define VCAM_SOURCE_H

#include "vcam.h"
#include "interrupt.h"
#include "status.h"
#include "stuck.h"

#include <pthread.h>
#include <signal.h>

#define VCAM_RING	8	/* distinct images per format and size */
#define VCAM_HEADROOM	64	/* before a frame: usb_raw_ep_io + payload header */
#define VCAM_SLACK	8192	/* after a frame: room for the oversize fault */

/**
 * struct vcam_image - one prepared frame.
 * @mem: allocation; the frame starts at mem + VCAM_HEADROOM.
 * @len: bytes of the frame.
 * @body: fs_body_hash() of the frame, so sealing a copy costs nothing.
 */
struct vcam_image {
	uint8_t *mem;
	uint32_t len;
	uint64_t body;
};

/*
 * A ring of prepared images for one format and size. One thread makes the
 * images (vcam_source_make_next(), in order) while another sends the ones
 * already made: img[0, ready) never change again but for their stamp.
 */
struct vcam_source {
	enum vcam_fmt fmt;
	unsigned int w, h;
	int quality;
	uint32_t cap;			/* frame capacity of each image */
	struct vcam_image img[VCAM_RING];
	unsigned int ready;		/* images made (atomic: vcam_source_ready) */
	struct vcam_image scratch;	/* for faults that change bytes */
	uint8_t *yuyv;			/* the picture the JPEG is made from */
};

static inline uint8_t *vcam_image_frame(const struct vcam_image *i)
{
	return i->mem + VCAM_HEADROOM;
}

void vcam_source_init(struct vcam_source *s);
int vcam_source_setup(struct vcam_source *s, enum vcam_fmt fmt, unsigned w,
		      unsigned h, int quality);
/* Makes the next image: 1 made, 0 all VCAM_RING made already, -1 out of
 * memory or a JPEG that does not fit, -2 given up because *stop was set
 * (vcam_pattern_yuyv()). */
int vcam_source_make_next(struct vcam_source *s, const int *stop);
unsigned int vcam_source_ready(const struct vcam_source *s);
/* Image idx modulo the images made so far; NULL if none is made yet. */
struct vcam_image *vcam_source_get(struct vcam_source *s, uint32_t idx);
void vcam_source_free(struct vcam_source *s);
uint32_t vcam_fourcc(enum vcam_fmt fmt);

/* ---- prepare.c: the images of every advertised format and size ---- */

#define VCAM_RINGS	(VCAM_MAX_FORMATS * VCAM_MAX_FRAMES)

/*
 * The preparer thread makes each ring's images once, in the background:
 * while nothing streams, one image of every ring in the advertised order,
 * then the rest of each; the ring the writer wants before any other, and
 * an image of another ring is given up when the writer wants one. The
 * writer starts with the images made so far and cycles through them, so
 * encoding (a 1280x720 JPEG takes a quarter of a second under TCG) never
 * holds up a frame. Rings stay made across format switches and restarts.
 */
struct vcam_prepare {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;		/* an image made, a ring wanted, quit */
	int quit;
	int n;				/* rings: one per advertised format and size */
	int want;			/* the ring the writer wants, -1 none */
	int streaming;			/* the writer is sending frames */
	int making;			/* the ring whose image is being made, -1 none */
	int stop_making;		/* give that image up (atomic: a stream wants another ring) */
	int quality;			/* of the JPEGs */
	int verbose;			/* -v: say when a ring is ready */
	struct {			/* what each ring holds; set at start */
		enum vcam_fmt fmt;
		unsigned int w, h;
	} key[VCAM_RINGS];
	int failed[VCAM_RINGS];
	struct vcam_source ring[VCAM_RINGS];
};

int vcam_prepare_start(struct vcam_prepare *p, const struct vcam_config *c);
/* Waits until every ring has one image, or cannot be made. */
void vcam_prepare_wait_first(struct vcam_prepare *p);
/* The ring of fmt w x h, made first from now on; waits up to timeout_s for
 * its first image. NULL on a timeout, or with *failed set when the ring
 * cannot be made (unknown size, out of memory). */
struct vcam_source *vcam_prepare_ring(struct vcam_prepare *p, enum vcam_fmt fmt,
				      unsigned int w, unsigned int h,
				      double timeout_s, int *failed);
/* The writer sends frames (on) or stopped (off: no ring wanted). On
 * returns once no other ring's image is being made: the writer's schedule
 * starts with the CPU to itself. */
void vcam_prepare_streaming(struct vcam_prepare *p, int on);
void vcam_prepare_stop(struct vcam_prepare *p);

/* ---- stream.c: the writer thread ---- */

struct vcam_stats {
	uint64_t frames, bytes, write_errors, faults;
	uint64_t streams, restarts;	/* commits, and commits after the first */
	uint64_t late;			/* frame slots skipped: the host was late */
	double t_first, t_last;		/* CLOCK_MONOTONIC seconds */
};

struct vcam_stream {
	const struct vcam_config *cfg;
	int fd;
	int ep;				/* raw-gadget endpoint handle, -1 none */
	pthread_t thread;
	pid_t writer_tid;		/* for vcam_report_stuck() */
	struct vcam_interrupt intr;	/* ends the writer's EP_WRITE */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned int gen;		/* bumped by every pause (commit, quit) */
	unsigned int ack;		/* the writer has seen gen and is idle */
	int running;			/* a commit was accepted: stream */
	int exited;			/* the writer thread has returned */
	volatile sig_atomic_t quit;
	struct vcam_probe commit;
	uint32_t seq;			/* sequence number of the next frame */
	unsigned int rand;		/* rand_r state of random-bytes */
	int busy_started;		/* --busy-cpu's thread was started */
	struct vcam_prepare prep;
	struct vcam_source *src;	/* the committed format's ring */
	struct vcam_stats st;
	void (*request_exit)(const char *why);
};

int vcam_stream_start(struct vcam_stream *s, const struct vcam_config *cfg, int fd,
		      void (*request_exit)(const char *why));
/* Stop the writer at a frame boundary; returns when it is idle. */
void vcam_stream_pause(struct vcam_stream *s);
/* Start (or restart) streaming with a committed probe on endpoint ep. */
void vcam_stream_run(struct vcam_stream *s, const struct vcam_probe *p);
void vcam_stream_set_ep(struct vcam_stream *s, int ep);
void vcam_stream_stop(struct vcam_stream *s);
/* One EP_WRITE of w over frame (the headers go in the bytes before). */
int vcam_ep_write(struct vcam_stream *s, uint8_t *frame, const struct vcam_write *w);

/* ---- stream_faults.c: stream faults that send payloads of their own ---- */
/* hdr-len-long, empty-payloads: the payloads sent before a faulty frame. */
int vcam_fault_before_frame(struct vcam_stream *s, uint8_t fid);
/* random-payload: fills the scratch image with random bytes and up to n
 * writes of random payload lengths (no header of vcam's); returns how many. */
int vcam_fault_random_plan(struct vcam_stream *s, struct vcam_write *w, int n,
			   uint32_t frame_len, uint32_t max_payload);

/* ---- ep0.c: control requests ---- */
struct vcam_ep0 {
	const struct vcam_config *cfg;
	int fd;
	int configured;
	struct vcam_probe probe;	/* VS_PROBE current value */
	struct vcam_probe commit;	/* VS_COMMIT current value */
	struct vcam_stream *stream;
	struct vcam_status *status;	/* --status, else NULL */
	uint64_t stalled[F_COUNT];	/* requests stalled by each control fault */
};

/* Handles one setup packet: replies, acks or stalls. -1 on a fatal
 * raw-gadget error (message printed). */
int vcam_ep0_setup(struct vcam_ep0 *e, const void *ctrl);

#endif

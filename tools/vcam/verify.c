// SPDX-License-Identifier: GPL-2.0
/*
 * vcam-verify: the project's own capture code for the vcam tests. V4L2
 * mmap capture of N frames through the project's shared capture code
 * (tools/common/video.h: S_FMT, S_PARM, REQBUFS, STREAMON, the capture
 * loop), each frame checked with the shared framestamp verifier;
 * optionally several STREAMOFF/STREAMON cycles on the same open device.
 * Prints
 *   frames N ok N dropped N corrupt N out-of-order N
 * and exits 1 if any frame was dropped, corrupt or out of order.
 *
 * Dropped frames are told apart by cause. uvcvideo numbers every frame it
 * sees start (a FID toggle), delivered or not, so a gap in the camera's
 * sequence numbers that the V4L2 sequence numbers show too is a frame the
 * host driver saw and did not deliver. With uvcvideo's nodrop=1 (read
 * from sysfs) uvcvideo completes every buffer a frame went into, flagged
 * ERROR when the frame was bad, so a frame it numbered and did not deliver,
 * with no ERROR buffer in the gap, is one that found no buffer queued: the
 * capture fell behind, not a transport defect. With nodrop=0 uvcvideo
 * also discards bad frames silently, and the two cannot be told apart:
 * every drop is then "other".
 * --allow-no-buffer-drops PCT tolerates no-buffer drops up to PCT % of the
 * frames (it needs nodrop=1); any other drop, corruption or camera reorder
 * still fails.
 */
#include "framestamp.h"

#include <errno.h>
#include <getopt.h>
#include <linux/videodev2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "v4l2io.h"
#include "video.h"

struct opts {
	const char *dev;
	uint32_t fourcc;
	unsigned int w, h, fps, nbufs, cycles, timeout;
	unsigned long frames;
	int verbose, check, allow_host_reorder;
	const char *save;
	int nobuf_pct;		/* --allow-no-buffer-drops, -1: none */
	int nodrop;		/* uvcvideo delivers bad frames flagged ERROR */
};

/* Dropped frames by cause (see the comment at the top). */
struct drops {
	uint64_t nobuf, other;
};

/* What every cycle adds to. */
struct totals {
	uint64_t bytes;
	int have_last;		/* a frame of an earlier cycle was verified */
	uint32_t last;		/* its sequence number */
	uint64_t host_reordered, flagged;
	struct drops dr;
	double first_frame;	/* STREAMON to the first good frame (first cycle); < 0: none */
};

static void usage(FILE *f)
{
	fputs(
"usage: vcam-verify [-d DEVICE] [-f yuyv|mjpeg] [-s WxH] [-r FPS] [-c FRAMES]\n"
"                   [-n BUFFERS] [--cycles CYCLES] [-t TIMEOUT] [-o FILE] [--no-check]\n"
"                   [--allow-host-reorder] [--allow-no-buffer-drops PCT] [-v]\n"
"Capture FRAMES frames per cycle from DEVICE (default /dev/video0) with V4L2\n"
"mmap streaming and verify each frame's framestamp (sequence number and\n"
"checksum, tools/common/framestamp.h). Defaults: yuyv 640x480 30 fps, 300\n"
"frames, 1 cycle, 4 buffers, 10 s timeout per frame (buffers flagged ERROR\n"
"are not frames). -r 0 leaves the\n"
"interval alone. -o saves the first frame. --no-check only counts (throughput).\n"
"Long options: --device --format --size --fps --frames --buffers --cycles\n"
"--timeout --output.\n"
"Prints 'frames N ok N dropped N corrupt N out-of-order N', a rate line and\n"
"'out-of-order: camera N host-driver N; buffers flagged ERROR N'\n"
"(host-driver: uvcvideo numbered the frames in order but completed the\n"
"buffers in another order; ERROR buffers are not frames and not checked;\n"
"with --allow-host-reorder a capture missing frames at its end waits for\n"
"them until every buffer came back once more or the timeout: a late one\n"
"is checked and counts as host-driver, not as one of the FRAMES)\n"
"and 'dropped: no-buffer N other N' (no-buffer: uvcvideo numbered the\n"
"frame and, with its nodrop=1, did not deliver it: it found no buffer\n"
"queued, i.e. the capture fell behind; other: any other drop, e.g. the\n"
"camera skipped a number, or every drop when nodrop=0);\n"
"exits 1 on any dropped, corrupt or out-of-order frame (with\n"
"--allow-host-reorder, host-driver reorders do not count; with\n"
"--allow-no-buffer-drops PCT, no-buffer drops up to PCT % of the frames\n"
"sent (captured + dropped) do not count; it needs nodrop=1), 2 on usage\n"
"or V4L2 errors.\n", f);
}

static int parse(struct opts *o, int argc, char **argv)
{
	/* yavta's letters: -c frames, -n buffers; cycles has no letter */
	static const struct option lo[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "size", required_argument, NULL, 's' },
		{ "fps", required_argument, NULL, 'r' },
		{ "frames", required_argument, NULL, 'c' },
		{ "cycles", required_argument, NULL, 'C' },
		{ "buffers", required_argument, NULL, 'n' },
		{ "timeout", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "no-check", no_argument, NULL, 'N' },
		{ "allow-host-reorder", no_argument, NULL, 'H' },
		{ "allow-no-buffer-drops", required_argument, NULL, 'D' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	int c;
	char tail;

	*o = (struct opts){
		.dev = "/dev/video0", .fourcc = FS_FOURCC_YUYV, .w = 640, .h = 480, .fps = 30,
		.nbufs = 4, .cycles = 1, .timeout = 10, .frames = 300, .check = 1,
		.nobuf_pct = -1,
	};
	while ((c = getopt_long(argc, argv, "d:f:s:r:c:n:t:o:vh", lo, NULL)) != -1) {
		switch (c) {
		case 'd': o->dev = optarg; break;
		case 'f':
			o->fourcc = video_fourcc_parse(optarg);
			if (!o->fourcc)
				goto bad;
			break;
		case 's':
			if (sscanf(optarg, "%ux%u%c", &o->w, &o->h, &tail) != 2)
				goto bad;
			break;
		case 'r': o->fps = (unsigned int)strtoul(optarg, NULL, 0); break;
		case 'c': o->frames = strtoul(optarg, NULL, 0); break;
		case 'C': o->cycles = (unsigned int)strtoul(optarg, NULL, 0); break;
		case 'n': o->nbufs = (unsigned int)strtoul(optarg, NULL, 0); break;
		case 't': o->timeout = (unsigned int)strtoul(optarg, NULL, 0); break;
		case 'o': o->save = optarg; break;
		case 'N': o->check = 0; break;
		case 'H': o->allow_host_reorder = 1; break;
		case 'D': {
			char *end;
			long pct = strtol(optarg, &end, 10);

			if (end == optarg || *end || pct < 0 || pct > 100)
				goto bad;
			o->nobuf_pct = (int)pct;
			break;
		}
		case 'v': o->verbose++; break;
		case 'h': usage(stdout); exit(0);
		default: goto bad;
		}
	}
	if (optind == argc && o->frames && o->cycles && o->nbufs >= 2 && o->nbufs <= VIDEO_MAX_BUFS)
		return 0;
bad:
	usage(stderr);
	return -1;
}

#define NODROP_PARAM "/sys/module/uvcvideo/parameters/nodrop"

/*
 * uvcvideo's nodrop parameter: 1 when set, 0 when not, -1 (errno set) when
 * it cannot be read. uvcvideo reads it when it probes a camera, so it must
 * have been set before the camera was plugged.
 */
static int uvcvideo_nodrop(void)
{
	FILE *f = fopen(NODROP_PARAM, "r");
	unsigned int v;
	int n;

	if (!f)
		return -1;
	n = fscanf(f, "%u", &v);
	fclose(f);
	if (n != 1) {
		errno = EINVAL;
		return -1;
	}
	return v != 0;
}

/* A failed video_* call, worded as always: "vcam-verify: CALL: reason". */
static int failed(const struct video_device *dev, int status)
{
	fprintf(stderr, "vcam-verify: %s: %s\n", dev->err.call,
		dev->err.errnum ? strerror(dev->err.errnum) : video_status_name(status));
	return -1;
}

/* Opens DEVICE, sets format, size and frame rate, maps the buffers. */
static int setup(struct video_device *dev, const struct opts *o)
{
	int ret = video_open(dev, o->dev);

	if (ret) {
		fprintf(stderr, "vcam-verify: %s: %s\n", o->dev,
			dev->err.errnum ? strerror(dev->err.errnum) : video_status_name(ret));
		return -1;
	}
	ret = video_set_format(dev, o->fourcc, o->w, o->h);
	if (ret == VIDEO_EFORMAT && !dev->err.errnum) {
		fprintf(stderr, "vcam-verify: the device chose %ux%u %.4s instead\n",
			dev->width, dev->height, (const char *)&dev->fourcc);
		return -1;
	}
	if (ret)
		return failed(dev, ret);
	if (o->fps) {
		ret = video_set_framerate(dev, o->fps);
		if (ret)
			return failed(dev, ret);
		if (o->verbose)
			fprintf(stderr, "vcam-verify: interval %u/%u\n", dev->tpf_num, dev->tpf_den);
	}
	ret = video_alloc_buffers(dev, o->nbufs);
	if (ret)
		return failed(dev, ret);
	return 0;
}

static void add(struct fs_verifier *t, const struct fs_verifier *v)
{
	t->frames += v->frames;
	t->ok += v->ok;
	t->dropped += v->dropped;
	t->corrupt += v->corrupt;
	t->truncated += v->truncated;
	t->out_of_order += v->out_of_order;
}

/* One cycle's capture loop state, for its frame callback. */
struct cycle {
	const struct opts *o;
	struct fs_verifier *v;
	struct totals *t;
	unsigned long n;	/* frames captured in this cycle */
	uint32_t vseq;		/* highest V4L2 sequence so far */
	int have_flagged;	/* a buffer came back flagged ERROR ... */
	uint32_t flagged_vseq;	/* ... the latest one, with this V4L2 sequence */
	double streamon;	/* when STREAMON returned */
	double last_frame;	/* when the cycle started or the last frame came */
	int starved;		/* only flagged buffers came for the timeout */
	unsigned int newer;	/* frames past the last one, while waiting for late ones */
};

/* A frame lost before this one: for lack of a queued buffer, or not? */
static void count_drop(struct cycle *cy, const struct video_frame *f, uint64_t gap,
		       const struct fs_stamp *st)
{
	/* frames uvcvideo saw start after the last delivered one and before this one */
	uint32_t vgap = f->sequence - cy->vseq - 1;
	/* an ERROR buffer in the gap: a frame uvcvideo had a buffer for */
	int flagged_in_gap = cy->have_flagged &&
			     (int32_t)(cy->flagged_vseq - cy->vseq) > 0 &&
			     (int32_t)(f->sequence - cy->flagged_vseq) > 0;
	int nobuf = cy->o->nodrop && (int32_t)(f->sequence - cy->vseq) > 0 && vgap >= gap &&
		    !flagged_in_gap;

	if (nobuf)
		cy->t->dr.nobuf += gap;
	else
		cy->t->dr.other += gap;
	if (cy->o->verbose)
		fprintf(stderr, "vcam-verify: %llu dropped before seq %u (v4l2 %u after %u): %s\n",
			(unsigned long long)gap, st->seq, f->sequence, cy->vseq,
			nobuf ? "no buffer was queued" : "not for lack of a buffer");
}

/* uvcvideo numbered the frames in camera order but completed them in another. */
static void host_reorder(struct cycle *cy, const struct video_frame *f)
{
	fprintf(stderr, "vcam-verify: the host driver reordered buffers: "
		"v4l2 sequence %u dequeued after %u\n", f->sequence, cy->vseq);
	cy->t->host_reordered++;
}

/* Checks one frame's framestamp and its order. */
static void check(struct cycle *cy, const struct video_frame *f)
{
	const struct opts *o = cy->o;
	struct fs_verifier *v = cy->v;
	struct totals *t = cy->t;
	struct fs_stamp st = { 0 };
	uint64_t dropped0 = v->dropped;
	enum fs_status s = fs_verify(v, f->data, f->length, &st);

	if (s == FS_DROPPED)
		count_drop(cy, f, v->dropped - dropped0, &st);
	if (cy->n == 0 && s == FS_OK && t->have_last && (int32_t)(st.seq - t->last) <= 0) {
		v->out_of_order++;	/* a new cycle went backwards */
		s = FS_OUT_OF_ORDER;
	}
	if (s != FS_NO_STAMP && s != FS_BAD_CSUM)
		t->last = st.seq;
	if (s == FS_OUT_OF_ORDER && cy->n && (int32_t)(f->sequence - cy->vseq) < 0)
		host_reorder(cy, f);
	if (o->verbose > 1 || (o->verbose && s != FS_OK))
		fprintf(stderr, "vcam-verify: buffer %u seq %u (v4l2 %u) bytes %zu: %s\n",
			f->index, st.seq, f->sequence, f->length, fs_status_name(s));
}

/*
 * Whether the capture, having its frames, waits for late ones: uvcvideo's
 * copy work runs on an unbound workqueue, so a frame's buffer can complete
 * after the next frame's (7.3's debug kernel: frame 3 after frame 4). A
 * frame numbered before the last and still missing may be such a buffer,
 * not a drop. It would have come back by the time every buffer has been
 * dequeued once more (or the camera stopped: the per-frame timeout).
 */
static int wait_for_late(const struct cycle *cy, const struct video_device *dev)
{
	/* (with --no-check nothing is verified, so nothing counts as dropped) */
	return cy->o->allow_host_reorder && cy->v->dropped && cy->newer < dev->nbufs;
}

/* A buffer dequeued after the capture's last frame: a late frame or a newer one. */
static int after_last(struct cycle *cy, struct video_device *dev, const struct video_frame *f)
{
	if ((int32_t)(f->sequence - cy->vseq) > 0) {
		cy->newer++;	/* not one the capture asked for: not checked */
	} else if (f->flags & V4L2_BUF_FLAG_ERROR) {
		cy->t->flagged++;
	} else {
		enum fs_status s = fs_verify_late(cy->v, f->data, f->length, NULL);

		if (s == FS_OUT_OF_ORDER)
			host_reorder(cy, f);
		else if (cy->o->verbose)
			fprintf(stderr, "vcam-verify: buffer %u (v4l2 %u) after the last frame: %s\n",
				f->index, f->sequence, fs_status_name(s));
	}
	return wait_for_late(cy, dev) ? VIDEO_NEXT : VIDEO_STOP;
}

/* The capture loop's callback: one dequeued buffer. */
static int on_frame(void *arg, struct video_device *dev, const struct video_frame *f)
{
	struct cycle *cy = arg;
	const struct opts *o = cy->o;

	if (cy->n >= o->frames)
		return after_last(cy, dev, f);
	if (f->flags & V4L2_BUF_FLAG_ERROR) {
		cy->have_flagged = 1;
		cy->flagged_vseq = f->sequence;
		/*
		 * The driver gave up on this buffer (a bad frame with
		 * nodrop=1, a disconnect): not a delivered frame. A camera
		 * whose every frame is bad keeps buffers coming, so the
		 * per-frame timeout alone would never end the capture; a bad
		 * frame may fill several buffers (one per payload when the
		 * FID toggles each time), so no count of them is the limit
		 * either: the same timeout, counted from the last frame.
		 */
		cy->t->flagged++;
		if (now() - cy->last_frame <= o->timeout)
			return VIDEO_NEXT;
		cy->starved = 1;
		return VIDEO_FAIL;
	}
	cy->last_frame = now();
	if (cy->t->first_frame < 0)
		cy->t->first_frame = cy->last_frame - cy->streamon;
	cy->t->bytes += f->length;
	if (o->save && cy->n == 0 && !cy->t->have_last) {
		FILE *out = fopen(o->save, "wb");

		if (out) {
			fwrite(f->data, 1, f->length, out);
			fclose(out);
		}
	}
	if (o->check) {
		check(cy, f);
	} else {
		cy->v->frames++;
		cy->v->ok++;
	}
	if (!cy->n || (int32_t)(f->sequence - cy->vseq) > 0)
		cy->vseq = f->sequence;	/* highest so far */
	if (++cy->n < o->frames)
		return VIDEO_NEXT;
	if (!wait_for_late(cy, dev))
		return VIDEO_STOP;
	if (o->verbose)
		fprintf(stderr, "vcam-verify: %llu frame(s) missing: waiting for buffers "
			"completed out of order\n", (unsigned long long)cy->v->dropped);
	return VIDEO_NEXT;
}

/* One STREAMON..STREAMOFF cycle. Returns -1 on a V4L2 error. */
static int run_cycle(struct video_device *dev, const struct opts *o, struct fs_verifier *v,
		     struct totals *t)
{
	struct cycle cy = { .o = o, .v = v, .t = t, .last_frame = now() };
	struct video_loop loop = {
		.frame = on_frame, .arg = &cy, .timeout_ms = o->timeout * 1000,
	};
	int rc = 0, ret;

	ret = video_queue_all(dev);
	if (!ret)
		ret = video_enable(dev, 1);
	if (ret)
		return failed(dev, ret);
	cy.streamon = now();
	ret = video_capture(dev, &loop);
	if (ret == VIDEO_ETIMEOUT && cy.n >= o->frames)
		ret = VIDEO_OK;	/* no late frame came: the drops stand */
	if (ret == VIDEO_ETIMEOUT || cy.starved) {
		fprintf(stderr, "vcam-verify: no frame after %u s (%lu of %lu)", o->timeout,
			cy.n, o->frames);
		if (cy.starved)
			fprintf(stderr, ", %llu buffers flagged ERROR",
				(unsigned long long)t->flagged);
		fputc('\n', stderr);
		rc = -1;
	} else if (ret == VIDEO_ECALLBACK) {
		rc = -1;	/* said why */
	} else if (ret) {
		rc = failed(dev, ret);
	}
	t->have_last = v->ok > 0 || t->have_last;
	ret = video_enable(dev, 0);
	if (ret)
		rc = failed(dev, ret);
	return rc;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct video_device dev;
	struct fs_verifier total;
	struct totals t = { .first_frame = -1 };
	int err = 0;
	double t0, secs;
	char line[200];

	if (parse(&o, argc, argv))
		return 2;
	o.nodrop = uvcvideo_nodrop();
	if (o.nobuf_pct >= 0 && o.nodrop != 1) {
		if (o.nodrop < 0)
			fprintf(stderr, "vcam-verify: %s: %s\n", NODROP_PARAM, strerror(errno));
		else
			fprintf(stderr, "vcam-verify: --allow-no-buffer-drops needs uvcvideo's nodrop=1 "
				"(set before the camera is plugged): with nodrop=0 a frame uvcvideo "
				"discards as bad looks like one that found no buffer\n");
		return 2;
	}
	o.nodrop = o.nodrop == 1;	/* unreadable: every drop is "other" */
	if (setup(&dev, &o))
		return 2;
	fs_verifier_init(&total);
	t0 = now();
	for (unsigned int c = 0; c < o.cycles && !err; c++) {
		struct fs_verifier v;

		fs_verifier_init(&v);
		err = run_cycle(&dev, &o, &v, &t);
		add(&total, &v);
		if (o.cycles > 1 && o.verbose) {
			fs_summary(&v, line, sizeof(line));
			fprintf(stderr, "vcam-verify: cycle %u: %s\n", c + 1, line);
		}
	}
	secs = now() - t0;
	fs_summary(&total, line, sizeof(line));
	printf("%s\n", line);
	printf("cycles %u time %.3f fps %.2f MB/s %.2f\n", o.cycles, secs,
	       secs > 0 ? total.frames / secs : 0.0, secs > 0 ? t.bytes / secs / 1e6 : 0.0);
	if (t.first_frame >= 0)
		printf("first-frame %.3f s after STREAMON\n", t.first_frame);
	else
		printf("first-frame none\n");
	printf("out-of-order: camera %llu host-driver %llu; buffers flagged ERROR %llu\n",
	       (unsigned long long)(total.out_of_order - t.host_reordered),
	       (unsigned long long)t.host_reordered, (unsigned long long)t.flagged);
	/* a late frame that filled a gap was not dropped after all */
	if (t.dr.nobuf + t.dr.other > total.dropped) {
		uint64_t extra = t.dr.nobuf + t.dr.other - total.dropped;

		t.dr.other -= extra < t.dr.other ? extra : t.dr.other;
		t.dr.nobuf = total.dropped - t.dr.other;
	}
	printf("dropped: no-buffer %llu other %llu\n", (unsigned long long)t.dr.nobuf,
	       (unsigned long long)t.dr.other);
	video_close(&dev);
	if (err)
		return 2;
	if (o.allow_host_reorder)
		total.out_of_order -= t.host_reordered;
	if (o.nobuf_pct >= 0 &&
	    t.dr.nobuf * 100 <= (uint64_t)o.nobuf_pct * (total.frames + total.dropped))
		total.dropped -= t.dr.nobuf;
	if (o.check && (total.frames != (uint64_t)o.frames * o.cycles || !fs_all_good(&total)))
		return 1;
	return 0;
}

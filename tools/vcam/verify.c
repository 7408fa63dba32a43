// SPDX-License-Identifier: GPL-2.0
/*
 * vcam-verify: the project's own capture code for the vcam tests. V4L2
 * mmap capture of N frames (S_FMT, S_PARM, REQBUFS, STREAMON), each frame
 * checked with the shared framestamp verifier; optionally several
 * STREAMOFF/STREAMON cycles on the same open device. Prints
 *   frames N ok N dropped N corrupt N out-of-order N
 * and exits 1 if any frame was dropped, corrupt or out of order.
 *
 * Dropped frames are told apart by cause. uvcvideo numbers every frame it
 * sees start (a FID toggle), delivered or not, so a gap in the camera's
 * sequence numbers that the V4L2 sequence numbers show too is a frame the
 * host driver saw and did not deliver. When, in addition, the buffer that
 * ended the gap was queued while uvcvideo held no other buffer, the frame
 * was dropped because the capture had no buffer queued: the capture
 * process fell behind (host scheduling), not a transport defect.
 * --allow-no-buffer-drops PCT tolerates those, up to PCT % of the frames;
 * any other drop, corruption or camera reorder still fails.
 */
#include "framestamp.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "v4l2io.h"

#define MAX_BUFS 32

struct opts {
	const char *dev;
	uint32_t fourcc;
	unsigned int w, h, fps, nbufs, cycles, timeout;
	unsigned long frames;
	int verbose, check, allow_host_reorder;
	const char *save;
	int nobuf_pct;		/* --allow-no-buffer-drops, -1: none */
};

/* Dropped frames by cause (see the comment at the top). */
struct drops {
	uint64_t nobuf, other;
};

struct buf {
	void *p;
	size_t len;
};

static void usage(FILE *f)
{
	fputs(
"usage: vcam-verify [-d DEVICE] [-f yuyv|mjpeg] [-s WxH] [-r FPS] [-n FRAMES]\n"
"                   [-c CYCLES] [-b BUFFERS] [-t TIMEOUT] [-o FILE] [--no-check]\n"
"                   [--allow-host-reorder] [--allow-no-buffer-drops PCT] [-v]\n"
"Capture FRAMES frames per cycle from DEVICE (default /dev/video0) with V4L2\n"
"mmap streaming and verify each frame's framestamp (sequence number and\n"
"checksum, tools/common/framestamp.h). Defaults: yuyv 640x480 30 fps, 300\n"
"frames, 1 cycle, 4 buffers, 10 s timeout per frame. -r 0 leaves the\n"
"interval alone. -o saves the first frame. --no-check only counts (throughput).\n"
"Prints 'frames N ok N dropped N corrupt N out-of-order N', a rate line and\n"
"'out-of-order: camera N host-driver N; buffers flagged ERROR N'\n"
"(host-driver: uvcvideo numbered the frames in order but completed the\n"
"buffers in another order; ERROR buffers are not frames and not checked)\n"
"and 'dropped: no-buffer N other N' (no-buffer: uvcvideo saw the frame\n"
"while the capture had no buffer queued, i.e. the capture fell behind;\n"
"other: any other drop, e.g. the camera skipped a number or uvcvideo\n"
"discarded a frame it had a buffer for);\n"
"exits 1 on any dropped, corrupt or out-of-order frame (with\n"
"--allow-host-reorder, host-driver reorders do not count; with\n"
"--allow-no-buffer-drops PCT, no-buffer drops up to PCT % of the frames\n"
"sent (captured + dropped) do not count), 2 on usage or V4L2 errors.\n", f);
}

static int parse(struct opts *o, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "size", required_argument, NULL, 's' },
		{ "fps", required_argument, NULL, 'r' },
		{ "frames", required_argument, NULL, 'n' },
		{ "cycles", required_argument, NULL, 'c' },
		{ "buffers", required_argument, NULL, 'b' },
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

	*o = (struct opts){ "/dev/video0", FS_FOURCC_YUYV, 640, 480, 30, 4, 1, 10, 300, 0, 1, 0,
			    NULL, -1 };
	while ((c = getopt_long(argc, argv, "d:f:s:r:n:c:b:t:o:vh", lo, NULL)) != -1) {
		switch (c) {
		case 'd': o->dev = optarg; break;
		case 'f':
			if (!strcasecmp(optarg, "yuyv"))
				o->fourcc = FS_FOURCC_YUYV;
			else if (!strcasecmp(optarg, "mjpeg") || !strcasecmp(optarg, "mjpg"))
				o->fourcc = FS_FOURCC_MJPG;
			else
				goto bad;
			break;
		case 's':
			if (sscanf(optarg, "%ux%u%c", &o->w, &o->h, &tail) != 2)
				goto bad;
			break;
		case 'r': o->fps = (unsigned int)strtoul(optarg, NULL, 0); break;
		case 'n': o->frames = strtoul(optarg, NULL, 0); break;
		case 'c': o->cycles = (unsigned int)strtoul(optarg, NULL, 0); break;
		case 'b': o->nbufs = (unsigned int)strtoul(optarg, NULL, 0); break;
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
	if (optind == argc && o->frames && o->cycles && o->nbufs >= 2 && o->nbufs <= MAX_BUFS)
		return 0;
bad:
	usage(stderr);
	return -1;
}

static int setup(int fd, const struct opts *o)
{
	struct v4l2_format f = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_streamparm p = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };

	f.fmt.pix.width = o->w;
	f.fmt.pix.height = o->h;
	f.fmt.pix.pixelformat = o->fourcc;
	f.fmt.pix.field = V4L2_FIELD_NONE;
	if (xioctl(fd, VIDIOC_S_FMT, &f) < 0) {
		fprintf(stderr, "vcam-verify: VIDIOC_S_FMT: %s\n", strerror(errno));
		return -1;
	}
	if (f.fmt.pix.width != o->w || f.fmt.pix.height != o->h || f.fmt.pix.pixelformat != o->fourcc) {
		fprintf(stderr, "vcam-verify: the device chose %ux%u %.4s instead\n",
			f.fmt.pix.width, f.fmt.pix.height, (char *)&f.fmt.pix.pixelformat);
		return -1;
	}
	if (o->fps) {
		p.parm.capture.timeperframe.numerator = 1;
		p.parm.capture.timeperframe.denominator = o->fps;
		if (xioctl(fd, VIDIOC_S_PARM, &p) < 0) {
			fprintf(stderr, "vcam-verify: VIDIOC_S_PARM: %s\n", strerror(errno));
			return -1;
		}
		if (o->verbose)
			fprintf(stderr, "vcam-verify: interval %u/%u\n",
				p.parm.capture.timeperframe.numerator,
				p.parm.capture.timeperframe.denominator);
	}
	return 0;
}

static int map_buffers(int fd, const struct opts *o, struct buf *b, unsigned int *n)
{
	struct v4l2_requestbuffers rb = {
		.count = o->nbufs, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
	};

	if (xioctl(fd, VIDIOC_REQBUFS, &rb) < 0 || rb.count < 2) {
		fprintf(stderr, "vcam-verify: VIDIOC_REQBUFS: %s\n", strerror(errno));
		return -1;
	}
	*n = rb.count;
	for (unsigned int i = 0; i < rb.count; i++) {
		struct v4l2_buffer vb = {
			.index = i, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
		};

		if (xioctl(fd, VIDIOC_QUERYBUF, &vb) < 0)
			return -1;
		b[i].len = vb.length;
		b[i].p = mmap(NULL, vb.length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, vb.m.offset);
		if (b[i].p == MAP_FAILED) {
			fprintf(stderr, "vcam-verify: mmap: %s\n", strerror(errno));
			return -1;
		}
	}
	return 0;
}

/*
 * Does the driver hold a buffer other than i (V4L2_BUF_FLAG_QUEUED: queued
 * or being filled)? Returns 1 if so, 0 if not, -1 on error.
 */
static int driver_holds_other(int fd, unsigned int nb, unsigned int i)
{
	for (unsigned int j = 0; j < nb; j++) {
		struct v4l2_buffer vb = {
			.index = j, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
		};

		if (j == i)
			continue;
		if (xioctl(fd, VIDIOC_QUERYBUF, &vb) < 0) {
			fprintf(stderr, "vcam-verify: VIDIOC_QUERYBUF: %s\n", strerror(errno));
			return -1;
		}
		if (vb.flags & V4L2_BUF_FLAG_QUEUED)
			return 1;
	}
	return 0;
}

static int queue(int fd, unsigned int i)
{
	struct v4l2_buffer vb = {
		.index = i, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
	};

	if (xioctl(fd, VIDIOC_QBUF, &vb) < 0) {
		fprintf(stderr, "vcam-verify: VIDIOC_QBUF: %s\n", strerror(errno));
		return -1;
	}
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

/* One STREAMON..STREAMOFF cycle. Returns -1 on a V4L2 error. */
static int cycle(int fd, const struct opts *o, struct buf *b, unsigned int nb,
		 struct fs_verifier *v, uint64_t *bytes, int *have_last, uint32_t *last,
		 uint64_t *host_reordered, uint64_t *flagged, struct drops *dr)
{
	uint32_t vseq_store = 0, *vseq = &vseq_store;
	int type = V4L2_BUF_TYPE_VIDEO_CAPTURE, rc = 0;
	/* starved[i]: buffer i was queued while the driver held no other */
	unsigned char starved[MAX_BUFS] = { 0 };

	for (unsigned int i = 0; i < nb; i++)
		if (queue(fd, i))
			return -1;
	if (xioctl(fd, VIDIOC_STREAMON, &type) < 0) {
		fprintf(stderr, "vcam-verify: VIDIOC_STREAMON: %s\n", strerror(errno));
		return -1;
	}
	for (unsigned long n = 0; n < o->frames; n++) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		struct v4l2_buffer vb = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP };
		struct fs_stamp st = { 0 };
		enum fs_status s;
		int r = poll(&pfd, 1, (int)o->timeout * 1000);

		if (r <= 0) {
			fprintf(stderr, "vcam-verify: no frame after %u s (%lu of %lu)\n",
				o->timeout, n, o->frames);
			rc = -1;
			break;
		}
		if (xioctl(fd, VIDIOC_DQBUF, &vb) < 0) {
			fprintf(stderr, "vcam-verify: VIDIOC_DQBUF: %s\n", strerror(errno));
			rc = -1;
			break;
		}
		if (vb.flags & V4L2_BUF_FLAG_ERROR) {
			/* the driver gave up on this buffer (e.g. on disconnect):
			 * not a delivered frame */
			if (++*flagged > o->frames) {
				fprintf(stderr, "vcam-verify: too many buffers flagged ERROR\n");
				rc = -1;
				break;
			}
			n--;	/* wraps at 0, and n++ brings it back */
			if (queue(fd, vb.index)) {
				rc = -1;
				break;
			}
			continue;
		}
		*bytes += vb.bytesused;
		if (o->save && n == 0 && !*have_last) {
			FILE *f = fopen(o->save, "wb");

			if (f) {
				fwrite(b[vb.index].p, 1, vb.bytesused, f);
				fclose(f);
			}
		}
		if (o->check) {
			uint64_t dropped0 = v->dropped;

			s = fs_verify(v, b[vb.index].p, vb.bytesused, &st);
			if (s == FS_DROPPED) {
				uint64_t gap = v->dropped - dropped0;
				/* frames uvcvideo saw start after the last
				 * delivered one and before this one */
				uint32_t vgap = vb.sequence - *vseq - 1;
				int nobuf = starved[vb.index] &&
					    (int32_t)(vb.sequence - *vseq) > 0 && vgap >= gap;

				if (nobuf)
					dr->nobuf += gap;
				else
					dr->other += gap;
				if (o->verbose)
					fprintf(stderr, "vcam-verify: %llu dropped before seq %u "
						"(v4l2 %u after %u): %s\n",
						(unsigned long long)gap, st.seq, vb.sequence,
						*vseq, nobuf ? "no buffer was queued" :
						"not for lack of a buffer");
			}
			if (n == 0 && s == FS_OK && *have_last && (int32_t)(st.seq - *last) <= 0) {
				v->out_of_order++;	/* a new cycle went backwards */
				s = FS_OUT_OF_ORDER;
			}
			if (s != FS_NO_STAMP && s != FS_BAD_CSUM)
				*last = st.seq;
			if (s == FS_OUT_OF_ORDER && n && (int32_t)(vb.sequence - *vseq) < 0) {
				/* uvcvideo numbered the frames in camera order
				 * but completed them in another order */
				fprintf(stderr, "vcam-verify: the host driver reordered buffers: "
					"v4l2 sequence %u dequeued after %u\n", vb.sequence, *vseq);
				(*host_reordered)++;
			}
			if (o->verbose > 1 || (o->verbose && s != FS_OK))
				fprintf(stderr, "vcam-verify: buffer %u seq %u (v4l2 %u) bytes %u: %s\n",
					vb.index, st.seq, vb.sequence, vb.bytesused, fs_status_name(s));
		} else {
			v->frames++;
			v->ok++;
		}
		if (!n || (int32_t)(vb.sequence - *vseq) > 0)
			*vseq = vb.sequence;	/* highest so far */
		r = driver_holds_other(fd, nb, vb.index);
		if (r < 0 || queue(fd, vb.index)) {
			rc = -1;
			break;
		}
		starved[vb.index] = !r;
	}
	*have_last = v->ok > 0 || *have_last;
	if (xioctl(fd, VIDIOC_STREAMOFF, &type) < 0) {
		fprintf(stderr, "vcam-verify: VIDIOC_STREAMOFF: %s\n", strerror(errno));
		rc = -1;
	}
	return rc;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct buf b[MAX_BUFS];
	struct fs_verifier total;
	unsigned int nb = 0;
	uint64_t bytes = 0;
	uint32_t last = 0;
	uint64_t host_reordered = 0, flagged = 0;
	struct drops dr = { 0 };
	int fd, have_last = 0, err = 0;
	double t0, t;
	char line[200];

	if (parse(&o, argc, argv))
		return 2;
	fd = open(o.dev, O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "vcam-verify: %s: %s\n", o.dev, strerror(errno));
		return 2;
	}
	if (setup(fd, &o) || map_buffers(fd, &o, b, &nb))
		return 2;
	fs_verifier_init(&total);
	t0 = now();
	for (unsigned int c = 0; c < o.cycles && !err; c++) {
		struct fs_verifier v;

		fs_verifier_init(&v);
		err = cycle(fd, &o, b, nb, &v, &bytes, &have_last, &last, &host_reordered,
			    &flagged, &dr);
		add(&total, &v);
		if (o.cycles > 1 && o.verbose) {
			fs_summary(&v, line, sizeof(line));
			fprintf(stderr, "vcam-verify: cycle %u: %s\n", c + 1, line);
		}
	}
	t = now() - t0;
	fs_summary(&total, line, sizeof(line));
	printf("%s\n", line);
	printf("cycles %u time %.3f fps %.2f MB/s %.2f\n", o.cycles, t,
	       t > 0 ? total.frames / t : 0.0, t > 0 ? bytes / t / 1e6 : 0.0);
	printf("out-of-order: camera %llu host-driver %llu; buffers flagged ERROR %llu\n",
	       (unsigned long long)(total.out_of_order - host_reordered),
	       (unsigned long long)host_reordered, (unsigned long long)flagged);
	/* a late frame that filled a gap was not dropped after all */
	if (dr.nobuf + dr.other > total.dropped) {
		uint64_t extra = dr.nobuf + dr.other - total.dropped;

		dr.other -= extra < dr.other ? extra : dr.other;
		dr.nobuf = total.dropped - dr.other;
	}
	printf("dropped: no-buffer %llu other %llu\n", (unsigned long long)dr.nobuf,
	       (unsigned long long)dr.other);
	if (err)
		return 2;
	if (o.allow_host_reorder)
		total.out_of_order -= host_reordered;
	if (o.nobuf_pct >= 0 &&
	    dr.nobuf * 100 <= (uint64_t)o.nobuf_pct * (total.frames + total.dropped))
		total.dropped -= dr.nobuf;
	if (o.check && (total.frames != (uint64_t)o.frames * o.cycles || !fs_all_good(&total)))
		return 1;
	return 0;
}

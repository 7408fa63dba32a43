/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vcam: a virtual bulk UVC camera on /dev/raw-gadget (dummy_hcd).
 * One private header for all the files: the configuration (formats, frame
 * sizes, intervals, faults), the descriptor builder, the probe/commit
 * negotiation, payload framing and frame generation.
 */
#ifndef VCAM_H
#define VCAM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define VCAM_MAX_FORMATS	2
#define VCAM_MAX_FRAMES		8
#define VCAM_MAX_INTERVALS	4
#define VCAM_PROBE_SIZE		34	/* bcdUVC 0x0110 */
#define VCAM_CLOCK_HZ		6000000
#define VCAM_VID		0x1d6b
#define VCAM_PID		0x0102
#define VCAM_EP_ADDR		0x81
#define VCAM_VC_INTF		0
#define VCAM_VS_INTF		1
#define VCAM_OT_ID		2
/* --streams 2: a second VideoStreaming interface, its terminal and endpoint */
#define VCAM_VS2_INTF		2
#define VCAM_OT2_ID		3
#define VCAM_EP2_ADDR		0x82
#define VCAM_IT_ID		1
#define VCAM_HDR_MAX		12	/* 2 + PTS 4 + SCR 6 */
/* --status: the VideoControl interface's interrupt endpoint, and a
 * processing unit (camera -> unit -> output terminal) with a brightness
 * control, whose changes the endpoint reports */
#define VCAM_STATUS_EP_ADDR	0x85	/* dummy_hcd's ep5in-int */
#define VCAM_STATUS_MAXP	16	/* uvcvideo's status buffer (UVC_MAX_STATUS_SIZE, 6.1) */
#define VCAM_STATUS_MAX		64	/* the longest packet vcam sends (oversized ones) */
#define VCAM_PU_ID		4

enum vcam_fmt { VCAM_YUYV, VCAM_MJPEG };
enum vcam_speed { VCAM_HIGH, VCAM_SUPER };

/* ---- Faults: the table is faults.h ---- */
#include "faults.h"

struct vcam_frame {
	uint16_t w, h;
	int nint;
	uint32_t interval[VCAM_MAX_INTERVALS];	/* 100 ns units, ascending */
};

struct vcam_format {
	enum vcam_fmt fmt;
	int nframes;
	struct vcam_frame frame[VCAM_MAX_FRAMES];
};

struct vcam_config {
	int nformats;
	struct vcam_format format[VCAM_MAX_FORMATS];
	enum vcam_speed speed;
	int free_run;		/* ignore the interval: send as fast as taken */
	uint64_t frames;	/* stop after this many frames (0: never) */
	int pts, scr;		/* payload header timestamps */
	int no_framestamp;	/* frames without a framestamp, like a real camera's */
	int idle_streams;	/* --streams 2: 1, a second streaming interface that never streams */
	uint32_t payload_size;	/* dwMaxPayloadTransferSize override (0: whole frame) */
	uint32_t write_size;	/* bytes per EP_WRITE at most */
	int quality;		/* JPEG quality 1..100 */
	int verbose;
	uint32_t faults;	/* 1 << enum vcam_fault */
	uint64_t fault_after;	/* clean frames before the first fault */
	uint64_t fault_every;	/* then every Nth frame is faulty */
	uint64_t fault_limit;	/* at most this many faults of each kind (0: no limit) */
	unsigned int seed;
	int status;		/* --status: the status endpoint and the processing unit */
	const char *status_fifo;	/* --status-fifo: commands of status packets */
	int async_ctrl;		/* --async-ctrl: brightness is an asynchronous control */
	unsigned int async_delay_ms;	/* --async-delay: its completion this late */
	int async_hold;			/* --async-hold: ... until the FIFO's complete */
	int busy_cpu;		/* --busy-cpu: the CPU to hold, -1 none */
	unsigned int busy_ms;	/* for this long */
	const char *udc_driver, *udc_device;
};

static inline int vcam_fault_on(const struct vcam_config *c, enum vcam_fault f)
{
	return (c->faults >> f) & 1;
}

/* ---- clock.c ---- */
/* CLOCK_MONOTONIC, in seconds. */
double vcam_now(void);

/* ---- busy.c ---- */
/* Keeps CPU busy for MS ms with a SCHED_FIFO thread; returns once that
 * thread spins there (0), -1 if it could not (said why). */
int vcam_busy_cpu(unsigned int cpu, unsigned int ms);

/* ---- cli.c ---- */
void vcam_config_default(struct vcam_config *c);
/* Parses argv into c; 0 ok, 1 exit successfully (--help), -1 error
 * (message already printed to stderr). */
int vcam_parse_args(struct vcam_config *c, int argc, char **argv);
void vcam_usage(FILE *f);

/* ---- desc.c: descriptors ---- */
uint16_t vcam_maxp(const struct vcam_config *c);
uint32_t vcam_frame_size(enum vcam_fmt fmt, unsigned w, unsigned h);	/* dwMaxVideoFrameSize */
uint8_t vcam_hdr_len(const struct vcam_config *c);
size_t vcam_device_desc(const struct vcam_config *c, uint8_t *buf);
size_t vcam_config_desc(const struct vcam_config *c, uint8_t *buf, size_t size);
size_t vcam_bos_desc(const struct vcam_config *c, uint8_t *buf);
size_t vcam_string_desc(int index, uint8_t *buf, size_t size);	/* 0: none */
void vcam_ep_desc(const struct vcam_config *c, uint8_t *buf);	/* the one EP_ENABLE gets */
void vcam_status_ep_desc(const struct vcam_config *c, uint8_t *buf);	/* --status: 7 bytes */
/* desc_fuzz.c: mutates the N-byte configuration descriptor in BUF (SIZE
 * bytes of room), the same way for the same SEED; returns its new length
 * (at most SIZE, at least 9: the configuration header stays). */
size_t vcam_desc_fuzz(uint8_t *buf, size_t n, size_t size, unsigned int seed);
/* desc_gen.c: a whole configuration descriptor built from the UVC 1.5
 * grammar for SEED into BUF (SIZE bytes of room); returns its length
 * (which may exceed SIZE: then only SIZE bytes were written). */
size_t vcam_desc_gen(const struct vcam_config *c, uint8_t *buf, size_t size, unsigned int seed);
/* The fields SEED's configuration gets wrong on purpose: a mask of
 * desc_gen.c's enum disagree, 0 for a configuration that agrees. */
unsigned int vcam_desc_gen_disagreements(unsigned int seed);

/* ---- ctrl.c: probe/commit negotiation ---- */
struct vcam_probe {
	uint16_t bmHint;
	uint8_t bFormatIndex, bFrameIndex;
	uint32_t dwFrameInterval;
	uint16_t wKeyFrameRate, wPFrameRate, wCompQuality, wCompWindowSize, wDelay;
	uint32_t dwMaxVideoFrameSize, dwMaxPayloadTransferSize, dwClockFrequency;
	uint8_t bmFramingInfo, bPreferedVersion, bMinVersion, bMaxVersion;
};

void vcam_probe_pack(const struct vcam_probe *p, uint8_t *buf);	/* 34 bytes */
void vcam_probe_unpack(struct vcam_probe *p, const uint8_t *buf, size_t len);
/* GET_DEF, GET_MIN, GET_MAX for the format and frame of cur. */
void vcam_probe_def(const struct vcam_config *c, struct vcam_probe *p);
void vcam_probe_min(const struct vcam_config *c, const struct vcam_probe *cur, struct vcam_probe *p);
void vcam_probe_max(const struct vcam_config *c, const struct vcam_probe *cur, struct vcam_probe *p);
/* SET_CUR(PROBE): adjust req to what the camera supports. */
void vcam_probe_negotiate(const struct vcam_config *c, struct vcam_probe *req);
/* SET_CUR(COMMIT): 0 and fills *out if req names a supported format and
 * frame, -1 otherwise (the request is stalled). */
int vcam_commit_check(const struct vcam_config *c, const struct vcam_probe *req,
		      struct vcam_probe *out);
const struct vcam_format *vcam_probe_format(const struct vcam_config *c, const struct vcam_probe *p);
const struct vcam_frame *vcam_probe_frame(const struct vcam_config *c, const struct vcam_probe *p);

/* ---- payload.c: payload headers and framing ---- */
#define UVC_FID 0x01
#define UVC_EOF 0x02
#define UVC_PTS 0x04
#define UVC_SCR 0x08
#define UVC_ERR 0x40
#define UVC_EOH 0x80

/* One EP_WRITE: len bytes of the payload stream, hdr (hdr_len bytes,
 * 0 if this write continues a payload) then frame bytes [off, off+flen). */
struct vcam_write {
	uint8_t hdr[VCAM_HDR_MAX];
	uint8_t hdr_len;
	uint32_t off, flen;
	int zero;		/* USB_RAW_IO_FLAGS_ZERO */
};

struct vcam_plan_args {
	uint32_t frame_len;	/* bytes of the frame to send */
	uint32_t max_payload;	/* dwMaxPayloadTransferSize */
	uint32_t write_size;	/* largest EP_WRITE */
	uint16_t maxp;		/* wMaxPacketSize */
	uint8_t hdr_len;	/* 2, 6, 8 or 12 */
	uint8_t fid;		/* 0 or 1 */
	uint8_t flags;		/* extra bmHeaderInfo bits (ERR) */
	uint32_t pts, stc;	/* when hdr_len says so */
	uint16_t sof;
};

/* Fills up to n writes for one frame; returns how many are needed (may be
 * more than n: call again with a bigger array). Rules: each payload is at
 * most max_payload bytes with its header; the last payload of the frame
 * has EOF; a payload split over several writes sends every piece but the
 * last as a multiple of maxp without ZERO; the last write of every payload
 * has ZERO, so dummy_hcd ends the host URB with a short packet or a ZLP. */
int vcam_plan_frame(const struct vcam_plan_args *a, struct vcam_write *w, int n);
uint8_t vcam_payload_header(uint8_t *hdr, uint8_t hdr_len, uint8_t bits,
			    uint32_t pts, uint32_t stc, uint16_t sof);

/* ---- pattern.c, jpeg.c: frame generation ---- */
/*
 * Both take STOP, NULL or an int another thread may set (read atomically,
 * once a row): when it is set they give up, so that the preparer can drop
 * an image nobody waits for as soon as a stream wants another one.
 */
/* The YUYV test pattern of image number idx (a moving picture); 0, or -1
 * when stopped. */
int vcam_pattern_yuyv(uint8_t *dst, unsigned w, unsigned h, unsigned idx, const int *stop);
/* Baseline JPEG (4:2:2) of a YUYV image; returns its length, 0 if cap is
 * too small or it was stopped. A COM segment with room for a framestamp
 * follows SOI. */
size_t vcam_jpeg_encode(const uint8_t *yuyv, unsigned w, unsigned h, int quality,
			uint8_t *out, size_t cap, const int *stop);

#endif

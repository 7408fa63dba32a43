/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h - the figures of one uvcvideo statistics report.
 *
 * Two levels:
 *  - struct uvc_raw: what the kernel measures and exposes in `stats_raw`
 *    (counts, sums in ns, sums of squares in ns^2, min, max, bytes,
 *    duration). FORMAT.md defines the keys.
 *  - struct uvc_printed: every integer the text block (`stats`, or a block
 *    pasted from a changelog) shows. derive.c turns a uvc_raw into a
 *    uvc_printed with integer arithmetic only; render.c prints it.
 */
#ifndef UVCSTAT_REPORT_H
#define UVCSTAT_REPORT_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t u64;

/* The timed intervals, in the order the text block prints them. */
enum uvc_timing_id {
	UVC_T_URB,
	UVC_T_HEADER,
	UVC_T_LATENCY,
	UVC_T_DECODE,
	UVC_T_SYNC_CPU,
	UVC_T_SYNC_DEVICE,
	UVC_T_COUNT
};

/* The speed lines, in print order. */
enum uvc_speed_id {
	UVC_S_DECODE,		/* raw decode speed: bytes / decode total */
	UVC_S_URB,		/* raw URB handling speed: bytes / URB total */
	UVC_S_THROUGHPUT,	/* throughput: bytes / stream duration */
	UVC_S_COUNT
};

#define UVC_MODE_MAX 32		/* longest allocation mode word + NUL */

/**
 * struct uvc_timing_raw - the accumulator of one timed interval
 * @count: number of samples
 * @sum_ns: sum of the samples, ns
 * @sumsq_ns2: sum of the squares of the samples, ns^2
 * @min_ns: smallest sample (meaningless when @count is 0)
 * @max_ns: largest sample (meaningless when @count is 0)
 */
struct uvc_timing_raw {
	u64 count, sum_ns, sumsq_ns2, min_ns, max_ns;
};

/**
 * struct uvc_raw - the contents of a `stats_raw` file (version 1)
 * @has: UVC_HAS_* of the optional groups present (the patched kernel
 *	always has them all; figures behind older blocks have none)
 */
struct uvc_raw {
	unsigned int has;
	u64 version;
	char mode[UVC_MODE_MAX];
	u64 streaming;
	u64 frames, packets, empty, errors, invalid;
	u64 pts_early, pts_initial, pts_ok;
	u64 scr_count_ok, scr_diff_ok;
	u64 sof_min, sof_max, sof_freq_hz;
	u64 bytes, duration_ns;
	struct uvc_timing_raw t[UVC_T_COUNT];
};

/** struct uvc_timing_line - the six numbers of a `NAME: T/Q uS/qty: ...` line */
struct uvc_timing_line {
	u64 total_us, count, avg_ns, std_ns, min_ns, max_ns;
};

/* The lines of a text block, for line numbers in messages. */
enum uvc_line_id {
	UVC_L_FRAMES, UVC_L_PACKETS, UVC_L_EMPTY, UVC_L_ERRORS, UVC_L_INVALID,
	UVC_L_PTS, UVC_L_SCR, UVC_L_SOF, UVC_L_BYTES, UVC_L_FPS,
	UVC_L_URB, UVC_L_HEADER, UVC_L_LATENCY, UVC_L_DECODE,
	UVC_L_SPEED_DECODE, UVC_L_SPEED_URB, UVC_L_THROUGHPUT, UVC_L_CPU,
	UVC_L_SYNC_CPU, UVC_L_SYNC_DEVICE, UVC_L_MODE,
	UVC_L_COUNT
};
#define UVC_L_BLOCK 18		/* lines every block has (frames .. CPU usage) */

/* Optional lines present in uvc_printed.has */
#define UVC_HAS_SYNC_CPU	(1u << 0)
#define UVC_HAS_SYNC_DEVICE	(1u << 1)
#define UVC_HAS_MODE		(1u << 2)
#define UVC_HAS_ALL		(UVC_HAS_SYNC_CPU | UVC_HAS_SYNC_DEVICE | UVC_HAS_MODE)

/** struct uvc_printed - every figure of the text block, as integers */
struct uvc_printed {
	u64 frames, packets, empty, empty_pct, errors, invalid;
	u64 pts_early, pts_initial, pts_ok;
	u64 scr_count_ok, scr_diff_ok;
	u64 sof_min, sof_max, sof_freq_hz;	/* freq printed as kHz, 3 decimals */
	u64 bytes, duration_ms;
	u64 fps_x100;				/* FPS * 100 */
	struct uvc_timing_line t[UVC_T_COUNT];
	u64 speed_bps[UVC_S_COUNT];		/* bits per second */
	u64 cpu_upct;				/* CPU usage in 1e-6 percent */
	unsigned int has;			/* UVC_HAS_* */
	char mode[UVC_MODE_MAX];		/* "" unless UVC_HAS_MODE */
};

enum uvc_source_format { UVC_FMT_TEXT, UVC_FMT_RAW };

/** struct uvc_report - one parsed report */
struct uvc_report {
	enum uvc_source_format format;
	struct uvc_printed p;
	int has_raw;			/* raw figures known (stats_raw input) */
	int fixed_std;			/* std corrected by --fix-std */
	struct uvc_raw raw;
	unsigned int line[UVC_L_COUNT];	/* input line of each text line, 0 = absent */
};

/* Names, shared by the renderers and the parser. */
extern const char *const uvc_timing_label[UVC_T_COUNT];	/* "URB", ..., "sync for cpu" */
extern const char *const uvc_timing_key[UVC_T_COUNT];	/* "urb", ..., "sync_cpu" */
extern const char *const uvc_speed_label[UVC_S_COUNT];	/* "raw decode speed", ... */
extern const char *const uvc_speed_key[UVC_S_COUNT];	/* "raw_decode", ... */

#endif

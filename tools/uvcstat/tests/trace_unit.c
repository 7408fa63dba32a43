// SPDX-License-Identifier: GPL-2.0
/*
 * trace_unit.c - unit tests of `uvcstat trace` and `uvcstat run`'s pure
 * parts, printing TAP: the event pairing on synthetic event arrays
 * (tracepair.c), the cross-check verdicts (crosscheck.c), the platform
 * rule (platform.c) and the sysfs walk to the debugfs directory on a fake
 * sysfs tree (debugfs_dir.c). Expected values are worked out by hand in the
 * comments, from the timestamps written here.
 */
#define _XOPEN_SOURCE 700	/* mkdtemp, symlink */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "buf.h"
#include "crosscheck.h"
#include "platform.h"
#include "debugfs_dir.h"
#include "tracepair.h"

#include "tap.h"

/* ---- Building event arrays ---- */

#define MAXEV 512
static struct uvc_tev ev[MAXEV];
static size_t nev;

static void E(uint64_t ts, enum uvc_tev_type type, unsigned int stream, unsigned int urb,
	      int mode, int32_t status, uint32_t bytes, uint8_t flags)
{
	if (nev < MAXEV)
		ev[nev++] = (struct uvc_tev){ ts, type, stream, urb, mode, status, bytes, flags };
}

#define NC URB_ALLOC_NONCONTIGUOUS
#define CO URB_ALLOC_COHERENT

/* The initial submission of a URB at T: sync for device T..T+d, submit T+2d. */
static void initial(uint64_t t, unsigned int s, unsigned int u, int mode, uint64_t d)
{
	E(t, UVC_EV_SYNC_DEVICE_START, s, u, mode, 0, 0, 0);
	E(t + d, UVC_EV_SYNC_DEVICE_DONE, s, u, mode, 0, 0, 0);
	E(t + 2 * d, UVC_EV_URB_SUBMIT, s, u, mode, 0, 0, 0);
}

/*
 * A URB cycle with copy work, completion at T:
 *   T complete, T+10..T+20 sync cpu, T+25 decode_header (FID fid),
 *   T+30 copy_queued, T+100 copy_start, T+150 copy_done (BYTES),
 *   T+160..T+170 sync device, T+180 submit.
 * URB 170 (to the end of the sync for device: uvcvideo stops that clock
 * before usb_submit_urb()), header 30, latency 100, decode 50, sync cpu 10,
 * sync device 10.
 */
static void cycle(uint64_t t, unsigned int s, unsigned int u, int mode, uint32_t bytes, int fid)
{
	E(t, UVC_EV_URB_COMPLETE, s, u, mode, 0, 0, 0);
	E(t + 10, UVC_EV_SYNC_CPU_START, s, u, mode, 0, 0, 0);
	E(t + 20, UVC_EV_SYNC_CPU_DONE, s, u, mode, 0, 0, 0);
	E(t + 25, UVC_EV_DECODE_HEADER, s, u, mode, 2, bytes + 2, (uint8_t)(fid | 0x80));
	E(t + 30, UVC_EV_COPY_QUEUED, s, u, mode, 0, bytes, 0);
	E(t + 100, UVC_EV_COPY_START, s, u, mode, 0, bytes, 0);
	E(t + 150, UVC_EV_COPY_DONE, s, u, mode, 0, bytes, 0);
	E(t + 160, UVC_EV_SYNC_DEVICE_START, s, u, mode, 0, 0, 0);
	E(t + 170, UVC_EV_SYNC_DEVICE_DONE, s, u, mode, 0, 0, 0);
	E(t + 180, UVC_EV_URB_SUBMIT, s, u, mode, 0, 0, 0);
}

/* STREAMOFF: usb_poison_urb() gives the URB back with -ENOENT. */
static void stop(uint64_t t, unsigned int s, unsigned int u, int mode)
{
	E(t, UVC_EV_URB_COMPLETE, s, u, mode, -2, 0, 0);
}

static struct uvc_trace_result res;

/* Time order, as trace_read.c delivers it (stable: insertion sort). */
static void sort_events(void)
{
	size_t i, j;

	for (i = 1; i < nev; i++) {
		struct uvc_tev e = ev[i];

		for (j = i; j > 0 && ev[j - 1].ts > e.ts; j--)
			ev[j] = ev[j - 1];
		ev[j] = e;
	}
}

static int pair(void)
{
	uvc_trace_result_free(&res);
	sort_events();
	return uvc_trace_pair(ev, nev, &res);
}

static void timing_is(const struct uvc_timing_raw *t, uint64_t count, uint64_t sum,
		      uint64_t sumsq, uint64_t min, uint64_t max, const char *what)
{
	char name[160];

	snprintf(name, sizeof(name), "%s: count %llu sum %llu sumsq %llu min %llu max %llu", what,
		 (unsigned long long)count, (unsigned long long)sum, (unsigned long long)sumsq,
		 (unsigned long long)min, (unsigned long long)max);
	ok(t->count == count && t->sum_ns == sum && t->sumsq_ns2 == sumsq &&
	   (!count || (t->min_ns == min && t->max_ns == max)), name);
	if (!(t->count == count && t->sum_ns == sum && t->sumsq_ns2 == sumsq))
		printf("# got count %llu sum %llu sumsq %llu min %llu max %llu\n",
		       (unsigned long long)t->count, (unsigned long long)t->sum_ns,
		       (unsigned long long)t->sumsq_ns2, (unsigned long long)t->min_ns,
		       (unsigned long long)t->max_ns);
}

/* ---- Pairing ---- */

/*
 * 7.3: usbcore syncs a non-contiguous URB for the CPU in the giveback,
 * before the completion handler: T-20..T-10 sync cpu, then the cycle
 * without the driver's own sync. uvcvideo accounts that sync with the
 * completion, and not for an URB that completed with an error.
 */
static void cycle_usbcore_sync(uint64_t t, unsigned int s, unsigned int u, int mode, int status)
{
	E(t - 20, UVC_EV_SYNC_CPU_START, s, u, mode, 0, 0, 0);
	E(t - 10, UVC_EV_SYNC_CPU_DONE, s, u, mode, 0, 0, 0);
	E(t, UVC_EV_URB_COMPLETE, s, u, mode, status, 0, 0);
	if (status)
		return;
	E(t + 25, UVC_EV_DECODE_HEADER, s, u, mode, 2, 1002, 0x80);
	E(t + 30, UVC_EV_COPY_QUEUED, s, u, mode, 0, 1000, 0);
	E(t + 100, UVC_EV_COPY_START, s, u, mode, 0, 1000, 0);
	E(t + 150, UVC_EV_COPY_DONE, s, u, mode, 0, 1000, 0);
	E(t + 160, UVC_EV_SYNC_DEVICE_START, s, u, mode, 0, 0, 0);
	E(t + 170, UVC_EV_SYNC_DEVICE_DONE, s, u, mode, 0, 0, 0);
	E(t + 180, UVC_EV_URB_SUBMIT, s, u, mode, 0, 0, 0);
}

static void test_usbcore_sync_before_completion(void)
{
	const struct uvc_raw *r;

	nev = 0;
	initial(0, 0, 0, NC, 5);
	cycle_usbcore_sync(1000, 0, 0, NC, 0);
	cycle_usbcore_sync(2000, 0, 0, NC, 0);
	cycle_usbcore_sync(3000, 0, 0, NC, -2);	/* STREAMOFF: -ENOENT, synced all the same */
	ok(pair() == 0, "7.3 order (usbcore's sync before the completion): paired");
	r = &res.s[0].raw;
	timing_is(&r->t[UVC_T_SYNC_CPU], 2, 20, 200, 10, 10,
		  "sync for cpu: the two completed URBs' syncs, not the errored one's");
	is_u64(res.s[0].unpaired, 0, "no event left unpaired");
}

static void test_one_urb(void)
{
	const struct uvc_raw *r;

	nev = 0;
	initial(0, 0, 0, NC, 5);		/* sync device 5 */
	cycle(1000, 0, 0, NC, 1000, 0);
	cycle(2000, 0, 0, NC, 3000, 1);	/* FID toggles: frame 1 counted */
	stop(3000, 0, 0, NC);
	ok(pair() == 0, "one URB, two cycles: paired");
	is_u64(res.n, 1, "one session");
	r = &res.s[0].raw;
	timing_is(&r->t[UVC_T_URB], 2, 340, 2 * 170 * 170, 170, 170,
		  "URB = complete -> sync_for_device_done of its resubmission");
	timing_is(&r->t[UVC_T_HEADER], 2, 60, 2 * 900, 30, 30, "header = complete -> copy_queued");
	timing_is(&r->t[UVC_T_LATENCY], 2, 200, 2 * 10000, 100, 100, "latency = complete -> copy_start");
	timing_is(&r->t[UVC_T_DECODE], 2, 100, 2 * 2500, 50, 50, "decode = copy_start -> copy_done");
	timing_is(&r->t[UVC_T_SYNC_CPU], 2, 20, 200, 10, 10, "sync for cpu = start -> done");
	timing_is(&r->t[UVC_T_SYNC_DEVICE], 3, 25, 225, 5, 10, "sync for device: the initial submission too");
	is_u64(r->bytes, 4000, "bytes: the sum of copy_done bytes");
	is_u64(r->frames, 1, "frames: FID toggled once (the last frame never counts)");
	is_u64(r->packets, 1, "packets: those of counted frames");
	is_u64(r->duration_ns, 3000 - 1025, "duration: first decode_header -> first stop");
	ok(res.s[0].whole, "whole: initial submission, stopped, nothing lost");
	is_str(r->mode, "noncontiguous", "mode named from the events");
	ok((r->has & UVC_HAS_ALL) == UVC_HAS_ALL, "all optional groups present");
	is_u64(r->streaming, 0, "stopped: streaming=0");
	is_u64(res.s[0].unpaired, 0, "nothing unpaired");
}

/*
 * dummy_hcd gives the URB back from inside usb_submit_urb(): the next
 * completion handler runs between sync_for_device_done and urb_submit.
 */
static void test_nested_submission(void)
{
	const struct uvc_raw *r;

	nev = 0;
	initial(0, 0, 0, NC, 5);
	E(1000, UVC_EV_URB_COMPLETE, 0, 0, NC, 0, 0, 0);
	E(1100, UVC_EV_COPY_QUEUED, 0, 0, NC, 0, 10, 0);	/* header 100 */
	E(1200, UVC_EV_COPY_START, 0, 0, NC, 0, 10, 0);	/* latency 200 */
	E(1300, UVC_EV_COPY_DONE, 0, 0, NC, 0, 10, 0);	/* decode 100 */
	E(1310, UVC_EV_SYNC_DEVICE_START, 0, 0, NC, 0, 0, 0);
	E(1320, UVC_EV_SYNC_DEVICE_DONE, 0, 0, NC, 0, 0, 0);
	/* nested: the next completion, with nothing to copy, resubmits at once */
	E(1330, UVC_EV_URB_COMPLETE, 0, 0, NC, 0, 0, 0);
	E(1340, UVC_EV_SYNC_DEVICE_START, 0, 0, NC, 0, 0, 0);	/* header 10 */
	E(1345, UVC_EV_SYNC_DEVICE_DONE, 0, 0, NC, 0, 0, 0);
	E(1350, UVC_EV_URB_SUBMIT, 0, 0, NC, 0, 0, 0);		/* inner: URB 1345-1330 = 15 */
	E(1400, UVC_EV_URB_SUBMIT, 0, 0, NC, 0, 0, 0);		/* outer: URB 1320-1000 = 320 */
	stop(2000, 0, 0, NC);
	ok(pair() == 0, "nested submission: paired");
	is_u64(res.n, 1, "nested submission: still one session");
	r = &res.s[0].raw;
	timing_is(&r->t[UVC_T_URB], 2, 335, 320 * 320 + 15 * 15, 15, 320,
		  "nested submissions: each URB interval ends at its own sync for device");
	is_u64(res.s[0].unpaired, 0, "nested urb_submit events pair last in, first out");
	timing_is(&r->t[UVC_T_HEADER], 2, 110, 100 * 100 + 10 * 10, 10, 100,
		  "header of a handler that resubmits at once ends at its sync for device");
	timing_is(&r->t[UVC_T_LATENCY], 1, 200, 40000, 200, 200, "latency only with copy work");
	timing_is(&r->t[UVC_T_SYNC_DEVICE], 3, 20, 25 + 100 + 25, 5, 10, "three syncs for device: 5, 10, 5");
	ok(res.s[0].whole, "nested submission: whole");
}

static void test_sessions(void)
{
	nev = 0;
	/* stream 0 in coherent mode, then restarted in noncontiguous; stream 1 interleaved */
	initial(0, 0, 0, CO, 5);
	initial(20, 0, 1, CO, 5);
	initial(40, 1, 0, NC, 5);
	cycle(1000, 0, 0, CO, 100, 0);
	cycle(1050, 1, 0, NC, 100, 0);
	cycle(1100, 0, 1, CO, 100, 1);
	stop(2000, 0, 0, CO);
	stop(2010, 0, 1, CO);
	initial(3000, 0, 0, NC, 5);		/* URB 0 again: a new session of stream 0 */
	initial(3020, 0, 1, NC, 5);
	cycle(4000, 0, 0, NC, 100, 0);
	stop(5000, 0, 0, NC);
	stop(5010, 0, 1, NC);
	stop(5020, 1, 0, NC);
	ok(pair() == 0, "three sessions: paired");
	is_u64(res.n, 3, "a restarted stream and a second stream: 3 sessions");
	if (res.n != 3)
		return;
	ok(res.s[0].stream == 0 && res.s[1].stream == 1 && res.s[2].stream == 0,
	   "sessions in order of their first event");
	is_str(res.s[0].raw.mode, "coherent", "first session: coherent");
	is_str(res.s[2].raw.mode, "noncontiguous", "restart: noncontiguous");
	is_u64(res.s[0].raw.t[UVC_T_URB].count, 2, "first session: 2 URB cycles");
	is_u64(res.s[1].raw.t[UVC_T_URB].count, 1, "second stream: 1 URB cycle");
	is_u64(res.s[2].raw.t[UVC_T_URB].count, 1, "restart: 1 URB cycle");
	is_u64(res.s[2].raw.t[UVC_T_SYNC_DEVICE].count, 3, "restart: its own 2 initial syncs + 1");
	ok(res.s[0].whole && res.s[1].whole && res.s[2].whole, "all three whole");
	is_u64(res.s[0].urbs, 2, "first session: 2 URBs");
}

static void test_partial(void)
{
	nev = 0;
	/* the trace starts mid-stream: URB 1 completes first */
	cycle(1000, 0, 1, NC, 100, 0);
	initial(1200, 0, 0, NC, 5);
	cycle(2000, 0, 0, NC, 100, 1);
	ok(pair() == 0, "partial trace: paired");
	is_u64(res.n, 1, "partial trace: one session");
	ok(!res.s[0].whole, "started before the trace: not whole");
	is_u64(res.s[0].raw.streaming, 1, "not stopped: streaming=1");
	is_u64(res.s[0].raw.t[UVC_T_URB].count, 2, "both cycles still timed");

	nev = 0;
	initial(0, 0, 0, NC, 5);
	cycle(1000, 0, 0, NC, 100, 0);
	E(1500, UVC_EV_LOST, 0, 0, -1, 0, 0, 0);
	stop(2000, 0, 0, NC);
	ok(pair() == 0 && res.n == 1 && !res.s[0].whole, "lost events: not whole");
	is_u64(res.lost, 1, "lost events counted");

	nev = 0;
	initial(0, 0, 0, NC, 5);
	E(10, UVC_EV_COPY_DONE, 0, 0, NC, 0, 7, 0);		/* no copy_start */
	E(20, UVC_EV_SYNC_CPU_DONE, 0, 0, NC, 0, 0, 0);		/* no start */
	E(30, UVC_EV_URB_COMPLETE, 0, 99, NC, 0, 0, 0);		/* URB index too large */
	stop(40, 0, 0, NC);
	ok(pair() == 0 && res.n == 1, "unmatched ends: one session");
	is_u64(res.s[0].unpaired, 2, "ends without a start: unpaired");
	is_u64(res.s[0].raw.bytes, 0, "bytes of an unpaired copy_done not counted");
	is_u64(res.ignored, 1, "URB index >= 64: ignored");

	nev = 0;
	ok(pair() == 0 && res.n == 0, "no events: no session");
}

static void test_failed_resubmit(void)
{
	nev = 0;
	initial(0, 0, 0, NC, 5);
	E(1000, UVC_EV_URB_COMPLETE, 0, 0, NC, 0, 0, 0);
	E(1030, UVC_EV_COPY_QUEUED, 0, 0, NC, 0, 10, 0);
	E(1100, UVC_EV_COPY_START, 0, 0, NC, 0, 10, 0);
	E(1150, UVC_EV_COPY_DONE, 0, 0, NC, 0, 10, 0);
	E(1160, UVC_EV_SYNC_DEVICE_START, 0, 0, NC, 0, 0, 0);
	E(1170, UVC_EV_SYNC_DEVICE_DONE, 0, 0, NC, 0, 0, 0);
	E(1180, UVC_EV_URB_SUBMIT, 0, 0, NC, -1, 0, 0);	/* poisoned: -EPERM */
	ok(pair() == 0 && res.n == 1, "failed resubmission: one session");
	ok(res.s[0].whole, "a failed resubmission ends the URB: whole");
	is_u64(res.s[0].raw.t[UVC_T_URB].count, 1, "and its URB interval is timed (as uvcvideo does)");
}

/* ---- Cross-check ---- */

static void timing_set(struct uvc_timing_raw *t, uint64_t count, uint64_t avg)
{
	t->count = count;
	t->sum_ns = count * avg;
	t->sumsq_ns2 = count * avg * avg;
	t->min_ns = t->max_ns = avg;
}

static void raw_set(struct uvc_raw *r, uint64_t scale_pct)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
	r->has = UVC_HAS_ALL;
	r->bytes = 1000;
	for (i = 0; i < UVC_T_COUNT; i++)
		timing_set(&r->t[i], 100, 1000000 * scale_pct / 100);	/* 1 ms */
}

/* Per-URB samples: one per completion with status 0, its own intervals. */
static void test_samples(void)
{
	const struct uvc_urb_sample *a, *b;

	nev = 0;
	initial(0, 0, 0, NC, 5);
	initial(10, 0, 1, NC, 5);
	cycle(1000, 0, 0, NC, 1000, 0);
	/* URB 1 with nothing to copy, nested inside URB 0's resubmission window */
	E(1175, UVC_EV_URB_COMPLETE, 0, 1, NC, 0, 0, 0);
	E(1185, UVC_EV_SYNC_DEVICE_START, 0, 1, NC, 0, 0, 0);
	E(1190, UVC_EV_SYNC_DEVICE_DONE, 0, 1, NC, 0, 0, 0);
	E(1195, UVC_EV_URB_SUBMIT, 0, 1, NC, 0, 0, 0);
	cycle(2000, 0, 0, NC, 3000, 1);
	E(2500, UVC_EV_URB_COMPLETE, 0, 1, NC, 0, 0, 0);	/* cut short by the stop */
	stop(3000, 0, 0, NC);
	stop(3010, 0, 1, NC);
	uvc_trace_result_free(&res);
	sort_events();
	ok(uvc_trace_pair_samples(ev, nev, &res) == 0, "samples: paired");
	is_u64(res.nsamples, 4, "samples: one per completion with status 0");
	if (res.nsamples != 4)
		return;
	a = &res.samples[0];
	is_u64(a->complete_ts, 1000, "samples: in completion order");
	is_u64(a->seq, 0, "samples: seq counts completions from 0");
	ok(a->t[UVC_T_URB] == 170 && a->t[UVC_T_HEADER] == 30 && a->t[UVC_T_LATENCY] == 100 &&
	   a->t[UVC_T_DECODE] == 50 && a->t[UVC_T_SYNC_CPU] == 10 && a->t[UVC_T_SYNC_DEVICE] == 10,
	   "samples: a cycle with copy work has all six intervals");
	is_u64(a->bytes, 1000, "samples: the cycle's bytes");
	b = &res.samples[1];
	ok(b->urb == 1 && b->seq == 1 && b->t[UVC_T_URB] == 15 && b->t[UVC_T_HEADER] == 10 &&
	   b->t[UVC_T_DECODE] == UVC_SAMPLE_NONE && b->t[UVC_T_LATENCY] == UVC_SAMPLE_NONE &&
	   b->t[UVC_T_SYNC_CPU] == UVC_SAMPLE_NONE && b->bytes == 0,
	   "samples: nothing to copy: URB and header only, the rest not observed");
	is_u64(res.samples[2].bytes, 3000, "samples: the second cycle of URB 0");
	ok(res.samples[3].complete_ts == 2500 && res.samples[3].t[UVC_T_URB] == UVC_SAMPLE_NONE,
	   "samples: a cycle the stop cut short is kept, without a URB interval");
	{
		static char *const streams[] = { "1-1:1.1" };
		const size_t sel = 0;
		struct buf csv = { 0 };

		uvc_render_samples_csv(&csv, &res, &sel, 1, streams);
		is_str(csv.data ? csv.data : "",
		       "session,stream,mode,urb,seq,complete_ns,urb_ns,header_ns,latency_ns,decode_ns,"
		       "sync_cpu_ns,sync_device_ns,bytes\n"
		       "1,1-1:1.1,noncontiguous,0,0,1000,170,30,100,50,10,10,1000\n"
		       "1,1-1:1.1,noncontiguous,1,1,1175,15,10,,,,5,0\n"
		       "1,1-1:1.1,noncontiguous,0,2,2000,170,30,100,50,10,10,3000\n"
		       "1,1-1:1.1,noncontiguous,1,3,2500,,,,,,,0\n",
		       "samples CSV: header, one row per URB cycle, empty fields not observed");
		buf_free(&csv);
	}
	uvc_trace_result_free(&res);
	ok(uvc_trace_pair(ev, nev, &res) == 0 && res.nsamples == 0 && !res.samples,
	   "samples: none kept unless asked for");
}

static void test_crosscheck(void)
{
	struct uvc_xcheck_opts o = { UVC_XCHECK_REL_DEFAULT, UVC_XCHECK_ABS_DEFAULT, 1 };
	struct uvc_xcheck_result x;
	struct uvc_raw a, b;
	struct buf out = { 0 };

	ok(uvc_xcheck_avg_ok(1100000, 1000000, &o), "avg +10% of 1 ms: within tolerance");
	ok(!uvc_xcheck_avg_ok(1100001, 1000000, &o), "avg +10% + 1 ns of 1 ms: outside");
	ok(uvc_xcheck_avg_ok(5000, 30000, &o), "5 us against 30 us: within the 25 us allowance");
	ok(!uvc_xcheck_avg_ok(5000, 30001, &o), "5 us against 30.001 us: outside");
	raw_set(&a, 100);
	raw_set(&b, 100);
	uvc_crosscheck(&out, &a, &b, &o, &x);
	is_u64(x.checked, 13, "whole: 6 counts, 6 averages without the max, bytes");
	is_u64(x.failed, 0, "identical figures: nothing outside tolerance");
	ok(out.data && strstr(out.data, "result: ok"), "the table says ok");
	buf_free(&out);
	memset(&out, 0, sizeof(out));
	a.t[UVC_T_DECODE].count++;
	a.bytes++;
	raw_set(&b, 100);
	timing_set(&b.t[UVC_T_URB], 100, 1200000);	/* URB avg 1.2 ms vs 1 ms: -16.7% */
	/* one 50 ms stall in the kernel's header window: the plain average
	 * (1.49 ms) is 49 % off, without the max it is 1 ms again */
	b.t[UVC_T_HEADER].sum_ns += 49000000;
	b.t[UVC_T_HEADER].max_ns = 50000000;
	is_u64(uvc_xcheck_trimmed_avg_ns(&b.t[UVC_T_HEADER]), 1000000, "(sum - max) / (count - 1)");
	uvc_crosscheck(&out, &a, &b, &o, &x);
	is_u64(x.failed, 3, "a count, bytes and the URB average outside; a single stall is not");
	ok(out.data && strstr(out.data, "MISMATCH"), "the table says MISMATCH");
	buf_free(&out);
	memset(&out, 0, sizeof(out));
	o.whole = 0;
	uvc_crosscheck(&out, &a, &b, &o, &x);
	is_u64(x.failed, 1, "not whole: counts and bytes shown only, the average still judged");
	buf_free(&out);
}

/* ---- Platform ---- */

static void test_platform(void)
{
	static const char virt[] = "linux,dummy-virt";
	static const char rpi[] = "raspberrypi,4-model-b\0brcm,bcm2711";
	struct uvc_platform_facts f;
	char m[192], cpu[192];

	memset(&f, 0, sizeof(f));
	f.dt_compatible = virt;
	f.dt_compatible_len = sizeof(virt);
	ok(uvc_platform_classify(&f, m, sizeof(m)) == 1 && strncmp(m, "QEMU TCG (linux,dummy-virt", 26) == 0,
	   "device tree linux,dummy-virt: QEMU TCG");
	memset(&f, 0, sizeof(f));
	f.dt_compatible = rpi;
	f.dt_compatible_len = sizeof(rpi);
	f.dt_model = "Raspberry Pi 4 Model B Rev 1.4";
	ok(uvc_platform_classify(&f, m, sizeof(m)) == 0, "another device tree: hardware");
	is_str(m, "hardware (Raspberry Pi 4 Model B Rev 1.4)", "named by its model");
	memset(&f, 0, sizeof(f));
	f.dmi_vendor = "QEMU";
	f.dmi_product = "Standard PC (Q35 + ICH9, 2009)";
	ok(uvc_platform_classify(&f, m, sizeof(m)) == 1, "DMI QEMU without KVM signs: TCG");
	f.cpu_hypervisor_flag = 1;
	f.kvm_clock = 1;
	ok(uvc_platform_classify(&f, m, sizeof(m)) == 2 && strcmp(m, "QEMU KVM (DMI)") == 0,
	   "DMI QEMU, hypervisor flag and kvm-clock: KVM");
	memset(&f, 0, sizeof(f));
	f.dmi_vendor = "Dell Inc.";
	f.dmi_product = "XPS 13 9310";
	ok(uvc_platform_classify(&f, m, sizeof(m)) == 0 && strcmp(m, "hardware (XPS 13 9310)") == 0,
	   "DMI of a laptop: hardware");
	uvc_platform_cpu("processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd08\n\n"
			 "processor\t: 1\nCPU implementer\t: 0x41\nCPU part\t: 0xd08\n", cpu, sizeof(cpu));
	is_str(cpu, "implementer 0x41 part 0xd08 x 2", "arm64 cpuinfo");
	uvc_platform_cpu("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Core(TM) i7\n"
			 "flags\t\t: fpu hypervisor\n", cpu, sizeof(cpu));
	is_str(cpu, "Intel(R) Core(TM) i7 x 1", "x86 cpuinfo");
}

/* ---- The sysfs walk, on a fake tree ---- */

static void put(const char *root, const char *path, const char *text)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", root, path);
	f = fopen(p, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void mkdirs(const char *root, const char *path)
{
	char p[512], *s;

	snprintf(p, sizeof(p), "%s/%s", root, path);
	for (s = p + strlen(root) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
	mkdir(p, 0755);
}

static void link_to(const char *root, const char *path, const char *target)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/%s", root, path);
	if (symlink(target, p) != 0)
		perror(p);
}

static void intf(const char *root, const char *name, const char *cls, const char *sub,
		 const char *num, const char *driver)
{
	char d[200], f[320];

	snprintf(d, sizeof(d), "sys/devices/usb1/1-2/%s", name);
	mkdirs(root, d);
	snprintf(f, sizeof(f), "%s/bInterfaceClass", d);
	put(root, f, cls);
	snprintf(f, sizeof(f), "%s/bInterfaceSubClass", d);
	put(root, f, sub);
	snprintf(f, sizeof(f), "%s/bInterfaceNumber", d);
	put(root, f, num);
	snprintf(f, sizeof(f), "%s/driver", d);
	link_to(root, f, driver);
}

static void test_debugfs_dir(void)
{
	char root[] = "/tmp/uvcstat-unit.XXXXXX", name[32], dir[600], err[600], cmd[64];
	struct uvc_stats_loc loc;

	if (!mkdtemp(root)) {
		ok(0, "mkdtemp");
		return;
	}
	mkdirs(root, "sys/bus/usb/drivers/uvcvideo");
	mkdirs(root, "sys/bus/usb/drivers/usbhid");
	mkdirs(root, "sys/devices/usb1/1-2");
	put(root, "sys/devices/usb1/1-2/busnum", "1\n");
	put(root, "sys/devices/usb1/1-2/devnum", "2\n");
	put(root, "sys/devices/usb1/1-2/idVendor", "1d6b\n");
	put(root, "sys/devices/usb1/1-2/idProduct", "0102\n");
	put(root, "sys/devices/usb1/1-2/product", "vcam virtual UVC camera\n");
	intf(root, "1-2:1.0", "0e\n", "01\n", "00\n", "../../../../bus/usb/drivers/uvcvideo");
	intf(root, "1-2:1.1", "0e\n", "02\n", "01\n", "../../../../bus/usb/drivers/uvcvideo");
	intf(root, "1-2:1.3", "03\n", "00\n", "03\n", "../../../../bus/usb/drivers/usbhid");
	mkdirs(root, "sys/devices/usb1/1-2/1-2:1.0/video4linux/video0");
	put(root, "sys/devices/usb1/1-2/1-2:1.0/video4linux/video0/dev", "81:0\n");
	mkdirs(root, "sys/devices/usb1/1-2/1-2:1.0/video4linux/video1");
	put(root, "sys/devices/usb1/1-2/1-2:1.0/video4linux/video1/dev", "81:1\n");
	link_to(root, "sys/devices/usb1/1-2/1-2:1.0/video4linux/video0/device", "../../../1-2:1.0");
	link_to(root, "sys/devices/usb1/1-2/1-2:1.0/video4linux/video1/device", "../../../1-2:1.0");
	mkdirs(root, "sys/class/video4linux");
	link_to(root, "sys/class/video4linux/video0", "../../devices/usb1/1-2/1-2:1.0/video4linux/video0");
	link_to(root, "sys/class/video4linux/video1", "../../devices/usb1/1-2/1-2:1.0/video4linux/video1");

	ok(uvc_video_sysname(root, makedev(81, 1), name, sizeof(name)) == 0 &&
	   strcmp(name, "video1") == 0, "node 81:1 is video1 (matched by its dev file)");
	ok(uvc_video_sysname(root, makedev(81, 7), name, sizeof(name)) != 0, "no node 81:7");
	ok(uvc_stats_locate(root, "video0", &loc, err, sizeof(err)) == 0, "video0 located");
	is_u64(loc.busnum * 100 + loc.devnum, 102, "bus 1 device 2, from busnum/devnum");
	is_u64(loc.nintf, 1, "one VideoStreaming interface bound to uvcvideo (not the VC, not the HID)");
	is_u64(loc.intf[0], 1, "its bInterfaceNumber");
	ok(loc.vid == 0x1d6b && loc.pid == 0x0102, "USB id 1d6b:0102");
	is_str(loc.driver, "uvcvideo", "the node's interface is bound to uvcvideo");
	uvc_stats_dir("/sys/kernel/debug", &loc, 0, dir, sizeof(dir));
	is_str(dir, "/sys/kernel/debug/usb/uvcvideo/1-2-1", "debugfs dir <busnum>-<devnum>-<intf>");

	/* a second stream, interface 0x0a: sysfs prints it in hex, debugfs in decimal */
	intf(root, "1-2:1.10", "0e\n", "02\n", "0a\n", "../../../../bus/usb/drivers/uvcvideo");
	ok(uvc_stats_locate(root, "video0", &loc, err, sizeof(err)) == 0 && loc.nintf == 2,
	   "two VideoStreaming interfaces");
	uvc_stats_dir("/dbg", &loc, 1, dir, sizeof(dir));
	is_str(dir, "/dbg/usb/uvcvideo/1-2-10", "interface 0a (hex in sysfs) is 10 in debugfs");
	mkdirs(root, "dbg/usb/uvcvideo/1-2-1");
	mkdirs(root, "dbg/usb/uvcvideo/1-2-10");
	put(root, "dbg/usb/uvcvideo/1-2-1/stats_raw", "version=1\nstreaming=0\n");
	put(root, "dbg/usb/uvcvideo/1-2-10/stats_raw", "version=1\nstreaming=1\n");
	snprintf(dir, sizeof(dir), "%s/dbg", root);
	is_u64(uvc_stats_streaming(dir, &loc), 2, "the second candidate streams (bit 1)");
	is_u64((uint64_t)uvc_stats_pick_streaming(dir, &loc, 0), 1, "the streaming one is picked");
	ok(uvc_stats_pick_streaming(dir, &loc, 2) < 0,
	   "it streamed before our STREAMON (another program): not ours, refused");
	put(root, "dbg/usb/uvcvideo/1-2-1/stats_raw", "version=1\nstreaming=1\n");
	ok(uvc_stats_pick_streaming(dir, &loc, 0) < 0, "two streaming: refused, not guessed");
	is_u64((uint64_t)uvc_stats_pick_streaming(dir, &loc, 2), 0,
	   "two streaming, one of them since before our STREAMON: the other is ours");
	put(root, "dbg/usb/uvcvideo/1-2-1/stats_raw", "version=1\nstreaming=0\n");
	put(root, "dbg/usb/uvcvideo/1-2-10/stats_raw", "version=1\nstreaming=0\n");
	ok(uvc_stats_pick_streaming(dir, &loc, 0) < 0, "none streaming: refused");

	ok(uvc_stats_locate(root, "video9", &loc, err, sizeof(err)) != 0 && strstr(err, "video9"),
	   "an unknown node: error naming it");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", root);
}

int main(void)
{
	test_one_urb();
	test_usbcore_sync_before_completion();
	test_nested_submission();
	test_sessions();
	test_partial();
	test_failed_resubmit();
	test_samples();
	test_crosscheck();
	test_platform();
	test_debugfs_dir();
	uvc_trace_result_free(&res);
	return done_testing();
}

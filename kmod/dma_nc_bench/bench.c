// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - DNB_IOC_BENCH: ITERATIONS times allocate (and vmap), sync for
 * the device, sync for the CPU, copy the buffer out (as uvcvideo's decode
 * copies a URB into a vmalloc'ed vb2 buffer), copy into it, free. Each
 * operation timed with ktime, accumulated in integers as
 * kernel/dma/map_benchmark.c does: sums and sums of squares in ns, min,
 * max; user space derives the mean and standard deviation.
 */
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/overflow.h>
#include <linux/sched/signal.h>
#include <linux/vmalloc.h>

#include "dnb.h"
#include "markers.h"

/*
 * model_windows=1: the timed operations are also windows of the memory
 * model (model/README.md), which runs the benchmark under QEMU 10 to check
 * itself against published figures. Off, nothing is executed for it.
 */
static bool model_windows;
module_param(model_windows, bool, 0644);
MODULE_PARM_DESC(model_windows, "mark the timed operations for the memory model (model/)");

static void dnb_model_window(bool open, enum model_window w, u64 bytes)
{
	if (model_windows)
		model_marker(open ? MODEL_WINDOW_OPEN : MODEL_WINDOW_CLOSE, w, bytes, 0);
}

static void dnb_stat_add(struct dnb_stat *s, u64 ns)
{
	u64 sq;

	if (!s->count || ns < s->min_ns)
		s->min_ns = ns;
	if (ns > s->max_ns)
		s->max_ns = ns;
	s->count++;
	s->sum_ns += ns;
	if (check_mul_overflow(ns, ns, &sq) ||
	    check_add_overflow(s->sum_sq_ns2, sq, &s->sum_sq_ns2))
		s->sum_sq_saturated = 1;
}

/* One iteration; the buffer is freed whatever happens. */
static int dnb_bench_once(struct dnb_dev *dd, struct dnb_bench *req, void *copy)
{
	struct dnb_stat *st = req->stat;
	struct dnb_buf buf;
	u64 t0, t1;
	int status;

	t0 = ktime_get_ns();
	status = dnb_buf_alloc(&buf, dd, req->strategy, req->size);
	t1 = ktime_get_ns();
	if (status)
		return status;
	dnb_stat_add(&st[DNB_ALLOC], t1 - t0);

	if (dnb_buf_syncs(&buf)) {
		dnb_model_window(true, MODEL_WIN_BENCH_SYNC_DEVICE, req->size);
		t0 = ktime_get_ns();
		dnb_buf_sync_for_device(&buf);
		t1 = ktime_get_ns();
		dnb_model_window(false, MODEL_WIN_BENCH_SYNC_DEVICE, 0);
		dnb_stat_add(&st[DNB_SYNC_FOR_DEVICE], t1 - t0);
		dnb_model_window(true, MODEL_WIN_BENCH_SYNC_CPU, req->size);
		t0 = ktime_get_ns();
		dnb_buf_sync_for_cpu(&buf);
		t1 = ktime_get_ns();
		dnb_model_window(false, MODEL_WIN_BENCH_SYNC_CPU, 0);
		dnb_stat_add(&st[DNB_SYNC_FOR_CPU], t1 - t0);
	}

	dnb_model_window(true, MODEL_WIN_BENCH_COPY_OUT, req->size);
	t0 = ktime_get_ns();
	memcpy(copy, buf.vaddr, req->size);
	t1 = ktime_get_ns();
	dnb_model_window(false, MODEL_WIN_BENCH_COPY_OUT, 0);
	dnb_stat_add(&st[DNB_COPY_OUT], t1 - t0);
	dnb_model_window(true, MODEL_WIN_BENCH_COPY_IN, req->size);
	t0 = ktime_get_ns();
	memcpy(buf.vaddr, copy, req->size);
	t1 = ktime_get_ns();
	dnb_model_window(false, MODEL_WIN_BENCH_COPY_IN, 0);
	dnb_stat_add(&st[DNB_COPY_IN], t1 - t0);

	t0 = ktime_get_ns();
	dnb_buf_free(&buf);
	t1 = ktime_get_ns();
	dnb_stat_add(&st[DNB_FREE], t1 - t0);
	return DNB_OK;
}

int dnb_bench(struct dnb_dev *dd, struct dnb_bench *req)
{
	int status = dnb_validate(dd, req->strategy, req->size);
	void *copy;
	u32 i;

	memset(req->stat, 0, sizeof(req->stat));
	if (status)
		return status;
	if (!req->iterations || req->iterations > DNB_MAX_ITERATIONS)
		return DNB_ERR_ITERATIONS;
	copy = vmalloc(req->size);
	if (!copy)
		return DNB_ERR_NOMEM;
	/* Defined contents for the first copy into a buffer. */
	memset(copy, 0x5a, req->size);

	for (i = 0; i < req->iterations; i++) {
		status = dnb_bench_once(dd, req, copy);
		if (status)
			break;
		if (fatal_signal_pending(current)) {
			status = DNB_ERR_INTERRUPTED;
			break;
		}
		cond_resched();
	}
	vfree(copy);
	return status;
}

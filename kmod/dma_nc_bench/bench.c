// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - DNB_IOC_BENCH: ITERATIONS times allocate (and vmap), sync for
 * the device, sync for the CPU, copy the buffer out (as uvcvideo's decode
 * copies a URB into a vmalloc'ed vb2 buffer), copy into it, free. Each
 * operation timed with ktime, accumulated in integers as
 * kernel/dma/map_benchmark.c does: sums and sums of squares in ns, min,
 * max; user space derives the mean and standard deviation.
 *
 * The copy out has two shapes. By default one memcpy() into a destination
 * that stays in the caches from one iteration to the next. With
 * copy_chunk=N, stk1160's: N-byte pieces (a line of the frame), each into
 * every other line of a destination that no cache holds when the
 * iteration starts (below); DNB_COPY_OUT then times that copy.
 */
#include <linux/ktime.h>
#include <linux/math.h>
#include <linux/minmax.h>
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

/*
 * copy_chunk=N (bytes; 0, the default: one memcpy()): the copy out as
 * stk1160_copy_video() does it, one line of the frame at a time (1440
 * bytes: 720 pixels of 2 bytes, bytesperline = width * 2), each line into
 * every other line of the vb2 buffer (the other field's lines are left
 * for the other field: dst += lencopy + bytesperline), into a destination
 * not in the caches. Read once per request.
 */
static unsigned int copy_chunk;
module_param(copy_chunk, uint, 0644);
MODULE_PARM_DESC(copy_chunk,
		 "copy out in pieces of this many bytes into every other line of a cold destination (0: one memcpy)");

/*
 * The chunked copy's destinations: a ring of slots, each iteration the
 * next, at least DNB_COLD_RING_BYTES in all. A slot is evicted by the
 * traffic of the iterations since its last use (and by the ring's
 * initialisation), as a video driver's buffers are by the frames between
 * two uses of one; twice the largest L2 any platform file of the model
 * declares or ranges over (4 MiB), more than any of those SoCs' caches, so
 * that a replacement policy that is not LRU leaves next to nothing of it.
 */
#define DNB_COLD_RING_BYTES (8u << 20)

struct dnb_cold_ring {
	u8 *mem;
	size_t slot;		/* bytes a slot: twice the buffer (every other line) */
	u32 slots;
	u32 next;
};

static int dnb_cold_ring_alloc(struct dnb_cold_ring *ring, size_t size)
{
	ring->slot = 2 * size;
	ring->slots = max_t(u32, 2, DIV_ROUND_UP(DNB_COLD_RING_BYTES, ring->slot));
	ring->next = 0;
	ring->mem = vmalloc(array_size(ring->slots, ring->slot));
	if (!ring->mem)
		return DNB_ERR_NOMEM;
	/* Defined contents; the first slots are the first evicted. */
	memset(ring->mem, 0x5a, array_size(ring->slots, ring->slot));
	return DNB_OK;
}

static u8 *dnb_cold_ring_next(struct dnb_cold_ring *ring)
{
	u8 *dst = ring->mem + (size_t)ring->next * ring->slot;

	ring->next = (ring->next + 1) % ring->slots;
	return dst;
}

/* SIZE bytes of SRC, CHUNK at a time, each into every other CHUNK of DST. */
static void dnb_copy_chunked(u8 *dst, const u8 *src, size_t size, size_t chunk)
{
	size_t off, n;

	for (off = 0; off < size; off += n) {
		n = min(chunk, size - off);
		memcpy(dst + 2 * off, src + off, n);
	}
}

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

/*
 * One iteration; the buffer is freed whatever happens. RING: NULL, or the
 * chunked copy's destinations (CHUNK bytes a piece).
 */
static int dnb_bench_once(struct dnb_dev *dd, struct dnb_bench *req, void *copy,
			  struct dnb_cold_ring *ring, size_t chunk)
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

	if (ring) {
		u8 *dst = dnb_cold_ring_next(ring);

		dnb_model_window(true, MODEL_WIN_BENCH_COPY_CHUNKED, req->size);
		t0 = ktime_get_ns();
		dnb_copy_chunked(dst, buf.vaddr, req->size, chunk);
		t1 = ktime_get_ns();
		dnb_model_window(false, MODEL_WIN_BENCH_COPY_CHUNKED, 0);
	} else {
		dnb_model_window(true, MODEL_WIN_BENCH_COPY_OUT, req->size);
		t0 = ktime_get_ns();
		memcpy(copy, buf.vaddr, req->size);
		t1 = ktime_get_ns();
		dnb_model_window(false, MODEL_WIN_BENCH_COPY_OUT, 0);
	}
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
	size_t chunk = READ_ONCE(copy_chunk);
	struct dnb_cold_ring ring = { };
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
	if (chunk) {
		status = dnb_cold_ring_alloc(&ring, req->size);
		if (status) {
			vfree(copy);
			return status;
		}
	}

	for (i = 0; i < req->iterations; i++) {
		status = dnb_bench_once(dd, req, copy, chunk ? &ring : NULL, chunk);
		if (status)
			break;
		if (fatal_signal_pending(current)) {
			status = DNB_ERR_INTERRUPTED;
			break;
		}
		cond_resched();
	}
	vfree(ring.mem);
	vfree(copy);
	return status;
}

/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * dma_nc_bench.h - the interface of the dma_nc_bench module, shared with
 * user space (tools/dmabench). One character device per device the module
 * is bound to, /dev/dma_nc_bench-<name>; ioctls on it allocate, check,
 * free and benchmark DMA buffers of one strategy, and mmap() maps the
 * buffer the open file holds.
 *
 * Every request carries a status (enum dnb_status) that says what was
 * wrong with it: the ioctl fails with -EINVAL, -ENODEV, -E2BIG, -EBUSY or
 * -ENOMEM as well, but the status is what names the cause.
 */
#ifndef DMA_NC_BENCH_H
#define DMA_NC_BENCH_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define DNB_ABI_VERSION 1

/* The largest buffer a request may ask for: the sizes under study. */
#define DNB_MAX_SIZE (4u << 20)

/* The most benchmark iterations one request may run. */
#define DNB_MAX_ITERATIONS 10000u

/*
 * X(ENUM_SUFFIX, "name"): the allocation strategies, the one list (user
 * space prints it with `dmabench --list-strategies`; scripts read that).
 */
#define DNB_STRATEGIES(X)				\
	X(NONCONTIGUOUS, "noncontiguous")		\
	X(COHERENT, "coherent")				\
	X(NONCOHERENT, "noncoherent")			\
	X(PAGES, "pages")

#define DNB_STRATEGY_ENUM(id, name) DNB_##id,
enum dnb_strategy {
	DNB_STRATEGIES(DNB_STRATEGY_ENUM)
	DNB_STRATEGY_COUNT
};
#undef DNB_STRATEGY_ENUM

/* X(ENUM_SUFFIX, "what went wrong") */
#define DNB_STATUSES(X)							\
	X(OK, "ok")							\
	X(ERR_STRATEGY, "unknown allocation strategy")			\
	X(ERR_SIZE_ZERO, "size is 0")					\
	X(ERR_SIZE_ALIGN, "size is not a multiple of the page size")	\
	X(ERR_SIZE_LARGE, "size is larger than the module's maximum")	\
	X(ERR_NO_DMA, "the device cannot do DMA (no DMA mask)")	\
	X(ERR_BUSY, "this open file already holds a buffer")		\
	X(ERR_NO_BUFFER, "this open file holds no buffer")		\
	X(ERR_MAPPED, "the buffer is still mapped in user space")	\
	X(ERR_ALLOC, "the DMA allocation failed")			\
	X(ERR_VMAP, "dma_vmap_noncontiguous failed")			\
	X(ERR_PATTERN, "read-back through the kernel mapping differs")	\
	X(ERR_DEVICE_TIMEOUT, "the device's DMA did not finish")	\
	X(ERR_DEVICE_DATA, "data moved by the device differs")		\
	X(ERR_ITERATIONS, "iterations must be 1..DNB_MAX_ITERATIONS")	\
	X(ERR_NOMEM, "out of memory for the benchmark's copy buffers") \
	X(ERR_INTERRUPTED, "interrupted by a signal")

#define DNB_STATUS_ENUM(id, text) DNB_##id,
enum dnb_status {
	DNB_STATUSES(DNB_STATUS_ENUM)
	DNB_STATUS_COUNT
};
#undef DNB_STATUS_ENUM

/* DNB_IOC_INFO: what the device is, and the module's live buffers. */
struct dnb_info {
	__u32 abi_version;	/* DNB_ABI_VERSION */
	__u32 page_size;
	__u32 max_size;		/* DNB_MAX_SIZE */
	__u32 has_dma;		/* the device has a DMA mask */
	__u32 dma_coherent;	/* dev_is_dma_coherent() */
	__u32 iommu;		/* the device is behind an IOMMU (device_iommu_mapped) */
	__u32 engine;		/* the device moves data itself (QEMU edu) */
	__u32 pad;
	__u64 dma_mask;
	__s64 live_buffers;	/* buffers allocated and not yet freed, module-wide */
	char device[32];	/* dev_name() */
	char kind[16];		/* "platform", "nodma", "edu" */
};

/*
 * The sg table's shape and where the buffer's pages are. nents and
 * orig_nents are the sg table's (noncontiguous only; 0 for the others,
 * which have no table); phys_runs is the number of physically contiguous
 * runs of the buffer's pages (walked through the kernel mapping), dma_runs
 * the number of contiguous runs of its DMA addresses.
 */
struct dnb_shape {
	__u32 nents;
	__u32 orig_nents;
	__u32 phys_runs;
	__u32 dma_runs;
	__u64 dma_addr;		/* DMA address of the first byte */
	__u64 dma_length;	/* total length of the DMA segments */
	__u32 vmapped;		/* the kernel mapping is not the linear map */
	__u32 pad;
};

/* Flags of dnb_alloc.checks: what the self-test did on top of the pattern. */
#define DNB_CHECK_SYNCED	(1u << 0)	/* syncs run (not coherent) */
#define DNB_CHECK_DEVICE	(1u << 1)	/* the device read and wrote the buffer */

/*
 * DNB_IOC_ALLOC: allocate a buffer of one strategy for this open file and
 * self-test it: the pattern written through the kernel mapping, synced
 * for the device and for the CPU, read back; with a device engine, the
 * device copies a chunk of the buffer into itself and back to another
 * place of the buffer, and the CPU checks it after the syncs. The buffer
 * then holds dnb_pattern_byte(seed, offset) and stays until DNB_IOC_FREE
 * or the file's release; mmap() maps it.
 */
struct dnb_alloc {
	__u32 strategy;		/* in: enum dnb_strategy */
	__u32 seed;		/* in */
	__u64 size;		/* in: bytes, a page multiple, 1..DNB_MAX_SIZE */
	__u32 status;		/* out: enum dnb_status */
	__u32 checks;		/* out: DNB_CHECK_* */
	__u64 bad_offset;	/* out: first differing byte (ERR_PATTERN, ERR_DEVICE_DATA) */
	struct dnb_shape shape;	/* out */
};

/*
 * DNB_IOC_CHECK: sync for the CPU and compare the held buffer with
 * dnb_pattern_byte(seed, offset), e.g. after user space wrote it through
 * its mapping.
 */
struct dnb_check {
	__u32 seed;		/* in */
	__u32 status;		/* out */
	__u64 bad_offset;	/* out */
};

/* DNB_IOC_FREE: free the held buffer with the arguments it was allocated with. */
struct dnb_free {
	__u32 status;		/* out */
	__u32 pad;
};

/*
 * Times of one benchmarked operation, in ns, over count iterations:
 * integer sums for the mean and standard deviation (computed in user
 * space), as kernel/dma/map_benchmark.c does. sum_sq_saturated says the
 * sum of squares overflowed (no standard deviation then).
 */
struct dnb_stat {
	__u64 count;
	__u64 sum_ns;
	__u64 sum_sq_ns2;
	__u64 min_ns;
	__u64 max_ns;
	__u32 sum_sq_saturated;
	__u32 pad;
};

enum dnb_metric {
	DNB_ALLOC,		/* allocation (+ dma_vmap_noncontiguous) */
	DNB_FREE,		/* (dma_vunmap_noncontiguous +) free */
	DNB_SYNC_FOR_DEVICE,	/* whole buffer (none for coherent) */
	DNB_SYNC_FOR_CPU,	/* whole buffer (none for coherent) */
	DNB_COPY_OUT,		/* memcpy out of the buffer (uvcvideo's decode) */
	DNB_COPY_IN,		/* memcpy into the buffer */
	DNB_METRIC_COUNT
};

/* DNB_IOC_BENCH: iterations x (alloc, syncs, copy out, copy in, free). */
struct dnb_bench {
	__u32 strategy;		/* in */
	__u32 iterations;	/* in: 1..DNB_MAX_ITERATIONS */
	__u64 size;		/* in */
	__u32 status;		/* out */
	__u32 pad;
	struct dnb_stat stat[DNB_METRIC_COUNT];	/* out */
};

#define DNB_IOC_MAGIC 'N'
#define DNB_IOC_INFO	_IOR(DNB_IOC_MAGIC, 0, struct dnb_info)
#define DNB_IOC_ALLOC	_IOWR(DNB_IOC_MAGIC, 1, struct dnb_alloc)
#define DNB_IOC_CHECK	_IOWR(DNB_IOC_MAGIC, 2, struct dnb_check)
#define DNB_IOC_FREE	_IOR(DNB_IOC_MAGIC, 3, struct dnb_free)
#define DNB_IOC_BENCH	_IOWR(DNB_IOC_MAGIC, 4, struct dnb_bench)

/*
 * The test pattern: byte OFFSET of a buffer filled with SEED. It changes
 * within every 8 bytes and from page to page, so a page mapped at the
 * wrong place or a stale chunk shows.
 */
static inline __u8 dnb_pattern_byte(__u32 seed, __u64 offset)
{
	__u32 x = seed ^ (__u32)(offset >> 12) * 0x9e3779b1u;

	x ^= (__u32)offset * 0x85ebca6bu;
	x ^= x >> 13;
	return (__u8)(x ^ (x >> 8));
}

#endif /* DMA_NC_BENCH_H */

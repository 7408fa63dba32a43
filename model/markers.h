/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hint protocol between the guest (model/hints, a kernel module) and
 * the memory model (model/plugin, a QEMU TCG plugin).
 *
 * The guest executes "orr xzr, xzr, xzr" (an architectural no-op that no
 * compiler emits) with x0 = MODEL_MAGIC | command and the arguments in
 * x1..x3. The plugin finds the instruction when it translates it and reads
 * the registers when it executes. A plugin sees physical addresses and no
 * page attributes, so the guest says which lines are mapped uncached, which
 * belong to the device, and where the windows it times open and close.
 */
#ifndef UVCDMA_MODEL_MARKERS_H
#define UVCDMA_MODEL_MARKERS_H

#define MODEL_MARKER_INSN	0xaa1f03ffU	/* orr xzr, xzr, xzr */
#define MODEL_MAGIC		0x75766d6400000000ULL	/* "uvmd" */
#define MODEL_MAGIC_MASK	0xffffffff00000000ULL

enum model_command {
	/* x1 = PAGE_OFFSET, x2 = PHYS_OFFSET, x3 = end of the linear map */
	MODEL_LINEAR_MAP = 1,
	/* x1 = physical address, x2 = bytes: mapped Normal non-cacheable */
	MODEL_UNCACHED_ADD = 2,
	MODEL_UNCACHED_DEL = 3,
	/*
	 * x1 = physical address, x2 = bytes: the buffer is the device's. A CPU
	 * store there is the device's DMA (dummy_hcd moves the data with the
	 * CPU), never charged to the CPU, and it leaves cached copies stale.
	 */
	MODEL_DEVICE_OWNS = 4,
	MODEL_CPU_OWNS = 5,
	/* x1 = window (x2 = the bytes it handles), open and close on one vCPU */
	MODEL_WINDOW_OPEN = 6,
	MODEL_WINDOW_CLOSE = 7,
	/* x1 = virtual address of the label, x2 = its length: a new phase */
	MODEL_PHASE = 8,
	/* x1 = window: forget it (a trip that ended in an error) */
	MODEL_WINDOW_CANCEL = 9,
};

enum model_window {
	/* uvcvideo's (model/hints) */
	MODEL_WIN_HEADER,	/* completion handler start -> copy queued */
	MODEL_WIN_DECODE,	/* copy work start -> done */
	MODEL_WIN_SYNC_CPU,	/* the sync for the CPU */
	MODEL_WIN_SYNC_DEVICE,	/* the sync for the device */
	/* the DMA API benchmark's (kmod/dma_nc_bench, model_windows=1) */
	MODEL_WIN_BENCH_SYNC_DEVICE,
	MODEL_WIN_BENCH_SYNC_CPU,
	MODEL_WIN_BENCH_COPY_OUT,	/* memcpy out of the DMA buffer */
	MODEL_WIN_BENCH_COPY_IN,	/* memcpy into it */
	/* copy_chunk=N: the copy out in N-byte pieces, into a cold destination */
	MODEL_WIN_BENCH_COPY_CHUNKED,
	MODEL_WINDOWS
};

#ifdef __KERNEL__
#include <linux/types.h>
/*
 * model_marker() - one hint to the model. On arm64 an architectural no-op
 * with its arguments in registers; elsewhere nothing.
 */
static __always_inline void model_marker(u64 cmd, u64 a1, u64 a2, u64 a3)
{
#ifdef CONFIG_ARM64
	register u64 x0 asm("x0") = MODEL_MAGIC | cmd;
	register u64 x1 asm("x1") = a1;
	register u64 x2 asm("x2") = a2;
	register u64 x3 asm("x3") = a3;

	asm volatile(".inst %4" : : "r"(x0), "r"(x1), "r"(x2), "r"(x3),
		     "i"(MODEL_MARKER_INSN) : "memory");
#endif
}
#endif

#endif

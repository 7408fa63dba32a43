/*
 * The modelled memory system: a private L1D per vCPU, a shared L2, DRAM;
 * lines the guest maps uncached; lines that are the device's (their CPU
 * stores are DMA); cache maintenance; and the coherency checker (a CPU read
 * of a cached copy that DMA made stale).
 */
#ifndef MODEL_MEMSYS_H
#define MODEL_MEMSYS_H

#include <stdbool.h>
#include <stdint.h>

#include "cache.h"
#include "platform.h"

#define STALE_PCS 32

struct counters {
	uint64_t loads, stores;		/* cached CPU accesses */
	uint64_t l1_misses, l2_misses, prefetched_used;
	uint64_t uncached_loads, uncached_stores;
	uint64_t dma_written, dma_read;	/* bytes the device moved */
	uint64_t stale_reads, stale_writes;	/* CPU use of a copy DMA made stale */
	uint64_t dma_over_dirty;	/* DMA wrote a line the CPU held dirty */
	uint64_t dma_read_dirty;	/* the device read a line the CPU held dirty */
	uint64_t dc_ops, dc_untranslated;
};

struct stale_pc {
	uint64_t pc, count;
};

struct cpu_state {
	struct cache l1;
	/*
	 * Modelled memory time so far, in cycles, in two kinds:
	 * stall holds the pipeline (a demand miss, an uncached load, a DC op);
	 * stream is prefetched lines arriving at the copy bandwidth, a figure
	 * measured on a whole copy loop, so it overlaps the instructions.
	 */
	double stall, stream;
	/* the last virtual line missed by each tracked stream, most recent first */
	uint64_t stream_line[MAX_STREAMS];
	uint64_t nc_pc, nc_serial;	/* the last uncached load instruction */
};

enum dc_op { DC_INVALIDATE, DC_CLEAN, DC_CLEAN_INVALIDATE };

struct memsys {
	struct platform p;
	struct cache l2;
	struct cpu_state *cpu;
	unsigned int ncpus, line_shift;
	double dram_cycles, stream_line_cycles;
	uint64_t linear_va, linear_pa, linear_end;
	struct counters c;
	struct stale_pc stale[STALE_PCS];
	uint64_t stale_other;		/* stale accesses whose pc did not fit */
};

int memsys_init(struct memsys *m, const struct platform *p, unsigned int ncpus);
/* A CPU access at physical address pa (virtual va) by the instruction at pc. */
void memsys_access(struct memsys *m, unsigned int cpu, uint64_t pa, uint64_t va, unsigned int size,
		   bool store, uint64_t pc, uint64_t serial);
/* DC op on the line holding virtual address va (the kernel's linear map). */
void memsys_dc(struct memsys *m, unsigned int cpu, uint64_t va, enum dc_op op);
/* Mark [pa, pa + len) uncached or the device's (MAP_*), or clear it: in every memory system. */
enum { MAP_UNCACHED = 1, MAP_DEVICE = 2 };
void memsys_mark(uint64_t pa, uint64_t len, uint8_t what, bool on);
void memsys_reset_counters(struct memsys *m);
/*
 * The cycles of a window that executed insns instructions and added stall
 * and stream cycles: the longer of the instructions and the streamed lines
 * (they overlap), plus the stalls (nothing runs beside them).
 */
double window_cycles(const struct platform *p, uint64_t insns, double stall, double stream);

#endif

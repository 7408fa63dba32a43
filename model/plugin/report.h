/* Phases of a run, the windows timed in each, and the report file. */
#ifndef MODEL_REPORT_H
#define MODEL_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "../markers.h"
#include "memsys.h"

struct window_stats {
	uint64_t n, insns, bytes;
	double sum_ns, sumsq_ns, min_ns, max_ns, stall_cycles, stream_cycles;
};

struct phase {
	char label[64];
	struct window_stats w[MODEL_WINDOWS];
	uint64_t unpaired;		/* a close with no open on that vCPU */
	struct counters c;
	struct stale_pc stale[STALE_PCS];
	uint64_t stale_other;
};

extern const char *const model_window_names[MODEL_WINDOWS];

void window_add(struct window_stats *w, double ns, uint64_t insns, double stall, double stream,
		uint64_t bytes);
/* The whole report: the platform, then every phase. */
void report_write(FILE *f, const struct platform *p, const struct phase *phases, unsigned int n);

#endif

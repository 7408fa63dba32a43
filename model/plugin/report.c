#include "report.h"

#include <inttypes.h>

const char *const model_window_names[MODEL_WINDOWS] = {
	[MODEL_WIN_HEADER] = "header",
	[MODEL_WIN_DECODE] = "decode",
	[MODEL_WIN_SYNC_CPU] = "sync_cpu",
	[MODEL_WIN_SYNC_DEVICE] = "sync_device",
	[MODEL_WIN_BENCH_SYNC_DEVICE] = "bench_sync_device",
	[MODEL_WIN_BENCH_SYNC_CPU] = "bench_sync_cpu",
	[MODEL_WIN_BENCH_COPY_OUT] = "bench_copy_out",
	[MODEL_WIN_BENCH_COPY_IN] = "bench_copy_in",
	[MODEL_WIN_BENCH_COPY_CHUNKED] = "bench_copy_chunked",
};

void window_add(struct window_stats *w, double ns, uint64_t insns, double stall, double stream,
		uint64_t bytes)
{
	if (!w->n || ns < w->min_ns)
		w->min_ns = ns;
	if (!w->n || ns > w->max_ns)
		w->max_ns = ns;
	w->n++;
	w->sum_ns += ns;
	w->sumsq_ns += ns * ns;
	w->insns += insns;
	w->stall_cycles += stall;
	w->stream_cycles += stream;
	w->bytes += bytes;
}

static void write_phase(FILE *f, const struct phase *ph)
{
	const struct counters *c = &ph->c;
	unsigned int i;

	fprintf(f, "phase label=%s\n", ph->label);
	for (i = 0; i < MODEL_WINDOWS; i++) {
		const struct window_stats *w = &ph->w[i];

		fprintf(f, "window phase=%s name=%s n=%" PRIu64 " sum_ns=%.1f sumsq_ns2=%.1f"
			" min_ns=%.1f max_ns=%.1f insns=%" PRIu64 " stall_cycles=%.1f stream_cycles=%.1f"
			" bytes=%" PRIu64 "\n",
			ph->label, model_window_names[i], w->n, w->sum_ns, w->sumsq_ns,
			w->min_ns, w->max_ns, w->insns, w->stall_cycles, w->stream_cycles, w->bytes);
	}
	fprintf(f, "counters phase=%s loads=%" PRIu64 " stores=%" PRIu64 " l1_misses=%" PRIu64
		" l2_misses=%" PRIu64 " prefetched_used=%" PRIu64 " uncached_loads=%" PRIu64
		" uncached_stores=%" PRIu64 " dma_written=%" PRIu64 " dma_read=%" PRIu64
		" dc_ops=%" PRIu64 " dc_untranslated=%" PRIu64 " unpaired_windows=%" PRIu64 "\n",
		ph->label, c->loads, c->stores, c->l1_misses, c->l2_misses, c->prefetched_used,
		c->uncached_loads, c->uncached_stores, c->dma_written, c->dma_read, c->dc_ops,
		c->dc_untranslated, ph->unpaired);
	fprintf(f, "coherency phase=%s stale_reads=%" PRIu64 " stale_writes=%" PRIu64
		" dma_over_dirty=%" PRIu64 " dma_read_dirty=%" PRIu64 "\n",
		ph->label, c->stale_reads, c->stale_writes, c->dma_over_dirty, c->dma_read_dirty);
	for (i = 0; i < STALE_PCS && ph->stale[i].count; i++)
		fprintf(f, "stale phase=%s pc=0x%" PRIx64 " reads=%" PRIu64 "\n", ph->label,
			ph->stale[i].pc, ph->stale[i].count);
	if (ph->stale_other)
		fprintf(f, "stale phase=%s pc=other reads=%" PRIu64 "\n", ph->label, ph->stale_other);
}

void report_write(FILE *f, const struct platform *p, const struct phase *phases, unsigned int n)
{
	unsigned int i;

	fprintf(f, "# uvcdma memory model (model/plugin): modelled on the platform below, not measured\n");
	fprintf(f, "platform name=%s cpu_ghz=%g cpi=%g line_bytes=%u l1d_kib=%u l1d_ways=%u"
		" l2_kib=%u l2_ways=%u l2_hit_cycles=%g dram_ns=%g miss_overlap=%g stream_mb_s=%g"
		" prefetch_lines=%u prefetch_streams=%u dc_line_cycles=%g\n",
		p->name, p->cpu_ghz, p->cpi, p->line_bytes, p->l1d_kib, p->l1d_ways, p->l2_kib,
		p->l2_ways, p->l2_hit_cycles, p->dram_ns, p->miss_overlap, p->stream_mb_s,
		p->prefetch_lines, p->prefetch_streams, p->dc_line_cycles);
	for (i = 0; i < n; i++)
		write_phase(f, &phases[i]);
}

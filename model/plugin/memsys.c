#include "memsys.h"

#include <stdlib.h>
#include <string.h>

/*
 * One byte of MAP_* per 16-byte granule (no line is smaller), in 2 MiB
 * chunks made on first use: one map for every memory system in the
 * process, since they model the same guest and are told the same marks,
 * whatever their line size.
 */
#define GRANULE_SHIFT 4
#define CHUNK_SHIFT 21
#define MAX_PA_SHIFT 40
static uint8_t *chunks[1u << (MAX_PA_SHIFT - CHUNK_SHIFT)];

static uint8_t *map_byte(uint64_t pa, bool create)
{
	uint64_t chunk = pa >> CHUNK_SHIFT;

	if (chunk >= sizeof(chunks) / sizeof(chunks[0]))
		return NULL;
	if (!chunks[chunk]) {
		if (!create)
			return NULL;
		chunks[chunk] = calloc((size_t)1 << (CHUNK_SHIFT - GRANULE_SHIFT), 1);
		if (!chunks[chunk])
			abort();
	}
	return &chunks[chunk][(pa & ((1u << CHUNK_SHIFT) - 1)) >> GRANULE_SHIFT];
}

int memsys_init(struct memsys *m, const struct platform *p, unsigned int ncpus)
{
	unsigned int i;

	memset(m, 0, sizeof(*m));
	m->p = *p;
	m->ncpus = ncpus;
	while ((1u << m->line_shift) < p->line_bytes)
		m->line_shift++;
	m->dram_cycles = p->dram_ns * p->cpu_ghz;
	/*
	 * A prefetched line arrives at the platform's copy bandwidth. That
	 * figure (MB/s = bytes/us) counts bytes copied, each moved twice
	 * (read, written back), and a cold copy here fills two lines (source,
	 * destination) per line copied: half a line's copy time each.
	 */
	m->stream_line_cycles = p->line_bytes / (2.0 * p->stream_mb_s) * 1000.0 * p->cpu_ghz;
	if (cache_init(&m->l2, p->l2_kib * 1024, p->l2_ways, p->line_bytes))
		return -1;
	m->cpu = calloc(ncpus, sizeof(*m->cpu));
	if (!m->cpu)
		return -1;
	for (i = 0; i < ncpus; i++)
		if (cache_init(&m->cpu[i].l1, p->l1d_kib * 1024, p->l1d_ways, p->line_bytes))
			return -1;
	return 0;
}

double window_cycles(const struct platform *p, uint64_t insns, double stall, double stream)
{
	double work = (double)insns * p->cpi;

	return (work > stream ? work : stream) + stall;
}

void memsys_reset_counters(struct memsys *m)
{
	memset(&m->c, 0, sizeof(m->c));
	memset(m->stale, 0, sizeof(m->stale));
	m->stale_other = 0;
}

/*
 * The marks of a whole line: a line any byte of which is uncached or the
 * device's is so in all of it (the caches hold and clean lines, not bytes:
 * a line the device writes part of is the device's, whatever the CPU
 * stores in the rest, as the model had it when the map was a line's).
 */
static uint8_t line_map(const struct memsys *m, uint64_t line)
{
	uint64_t pa = line << m->line_shift, end = pa + (1u << m->line_shift);
	uint8_t map = 0, *b = map_byte(pa, false);

	if (!b)
		return 0;
	/* A line never crosses a chunk: both are aligned powers of two. */
	for (; pa < end; pa += 1u << GRANULE_SHIFT)
		map |= *b++;
	return map;
}

void memsys_mark(uint64_t pa, uint64_t len, uint8_t what, bool on)
{
	uint64_t g, last;

	if (!len)
		return;
	last = (pa + len - 1) >> GRANULE_SHIFT;
	for (g = pa >> GRANULE_SHIFT; g <= last; g++) {
		uint8_t *b = map_byte(g << GRANULE_SHIFT, true);

		if (!b)
			return;
		*b = on ? (uint8_t)(*b | what) : (uint8_t)(*b & ~what);
	}
}

static void note_stale(struct memsys *m, uint64_t pc)
{
	unsigned int i;

	for (i = 0; i < STALE_PCS; i++) {
		if (m->stale[i].pc == pc || !m->stale[i].count) {
			m->stale[i].pc = pc;
			m->stale[i].count++;
			return;
		}
	}
	m->stale_other++;
}

/* The device wrote (or read) the line in memory, around every cache. */
static void dma_line(struct memsys *m, uint64_t line, bool write)
{
	unsigned int i;

	for (i = 0; i <= m->ncpus; i++) {
		uint8_t *st = cache_peek(i < m->ncpus ? &m->cpu[i].l1 : &m->l2, line);

		if (!st)
			continue;
		if (*st & LINE_DIRTY) {
			if (write)
				m->c.dma_over_dirty++;
			else
				m->c.dma_read_dirty++;
		}
		if (write)
			*st |= LINE_STALE;
	}
}

/* An L1 victim goes to L2 if dirty; L2 victims go to memory unmodelled. */
static void l1_evicted(struct memsys *m, const struct victim *v)
{
	struct victim v2;
	uint8_t *st;

	if (!v->valid || !(v->state & LINE_DIRTY))
		return;
	st = cache_peek(&m->l2, v->line);
	if (st)
		*st |= LINE_DIRTY | (v->state & LINE_STALE);
	else
		cache_fill(&m->l2, v->line, v->state & (LINE_DIRTY | LINE_STALE), &v2);
}

/* Bring the line into L1 (and L2); returns the stall it costs. */
static double fill(struct memsys *m, struct cpu_state *c, uint64_t line, uint8_t extra,
		   bool streaming)
{
	struct victim v;
	uint8_t *st2 = cache_lookup(&m->l2, line), state;
	double stall;

	if (st2) {
		stall = m->p.l2_hit_cycles;
		state = *st2 & LINE_STALE;
	} else {
		m->c.l2_misses++;
		stall = streaming ? m->stream_line_cycles : m->dram_cycles;
		state = 0;
		cache_fill(&m->l2, line, 0, &v);
	}
	cache_fill(&c->l1, line, state | extra, &v);
	l1_evicted(m, &v);
	return stall;
}

/*
 * The prefetcher sees 4 KiB pages: the lab's kernels map their memory in
 * them, and nothing tells the plugin where the next virtual page lives.
 */
#define PAGE_SHIFT 12

static bool same_page(const struct memsys *m, uint64_t line, uint64_t other)
{
	return line >> (PAGE_SHIFT - m->line_shift) == other >> (PAGE_SHIFT - m->line_shift);
}

/* Request the line ahead, at physical line, if it is not in L1 already. */
static void prefetch(struct memsys *m, struct cpu_state *c, uint64_t line)
{
	if (cache_peek(&c->l1, line))
		return;
	/* Its cost is charged when the line is first used (it is in flight). */
	fill(m, c, line, LINE_PREFETCHED, true);
}

/* The lines after line up to lines ahead, in line's page only. */
static void prefetch_ahead(struct memsys *m, struct cpu_state *c, uint64_t line, unsigned int from,
			   unsigned int lines)
{
	unsigned int i;

	for (i = from; i <= lines && same_page(m, line, line + i); i++)
		prefetch(m, c, line + i);
}

/*
 * Whether a miss at virtual line vline continues a stream: the line after
 * the last one a tracked stream missed or used from a prefetch. A copy misses on two streams at once
 * (source, destination), so several are tracked, the least recently missed
 * replaced. Streams follow virtual addresses, so a buffer's physical
 * layout (which pages the allocator happened to hand out next to each
 * other) never changes a figure; a store stream ends at its page (store
 * prefetching is by physical address: Cortex-A55 TRM A6.5, Cortex-A72 TRM
 * 6.4.9), a load stream goes on into the next virtual page (by virtual
 * address in both TRMs; the Cortex-A53 TRM does not say: an assumption).
 */
static bool track_stream(const struct memsys *m, struct cpu_state *c, uint64_t vline, bool store)
{
	unsigned int i, n = m->p.prefetch_streams;
	bool hit;

	for (i = 0; i < n - 1 && c->stream_line[i] + 1 != vline; i++)
		;
	hit = c->stream_line[i] + 1 == vline && (!store || same_page(m, vline, vline - 1));
	/* Move it (or the oldest) to the front, now at vline. */
	for (; i > 0; i--)
		c->stream_line[i] = c->stream_line[i - 1];
	c->stream_line[0] = vline;
	return hit;
}

static void cached_line(struct memsys *m, struct cpu_state *c, uint64_t line, uint64_t vline,
			bool store, uint64_t pc)
{
	uint8_t *st = cache_lookup(&c->l1, line);

	if (st && (*st & LINE_PREFETCHED)) {
		*st &= (uint8_t)~LINE_PREFETCHED;
		c->stream += m->stream_line_cycles;
		m->c.prefetched_used++;
		/* The stream is now here: its next miss continues it. */
		track_stream(m, c, vline, store);
		prefetch_ahead(m, c, line, m->p.prefetch_lines, m->p.prefetch_lines);
		st = cache_peek(&c->l1, line);
	} else if (!st) {
		bool stream = track_stream(m, c, vline, store);

		m->c.l1_misses++;
		if (stream && !same_page(m, vline, vline - 1)) {
			/*
			 * A load stream into the next virtual page: the
			 * prefetcher had this line on its way (a streamed line,
			 * no demand miss), and goes on from it.
			 */
			fill(m, c, line, 0, true);
			c->stream += m->stream_line_cycles;
			m->c.prefetched_used++;
		} else {
			c->stall += fill(m, c, line, 0, false);
		}
		if (stream)
			prefetch_ahead(m, c, line, 1, m->p.prefetch_lines);
		st = cache_peek(&c->l1, line);
	}
	if (!st)
		return;
	if (*st & LINE_STALE) {
		if (store) {
			m->c.stale_writes++;
		} else {
			m->c.stale_reads++;
			note_stale(m, pc);
		}
	}
	if (store)
		*st |= LINE_DIRTY;
}

void memsys_access(struct memsys *m, unsigned int cpu, uint64_t pa, uint64_t va, unsigned int size,
		   bool store, uint64_t pc, uint64_t serial)
{
	struct cpu_state *c = &m->cpu[cpu];
	uint64_t line = pa >> m->line_shift, last = (pa + size - 1) >> m->line_shift;
	uint64_t vline = va >> m->line_shift;
	uint8_t map = line_map(m, line);

	if (map & MAP_DEVICE) {
		/* dummy_hcd's memcpy is the device's DMA, not the CPU's work. */
		for (; line <= last; line++)
			dma_line(m, line, store);
		if (store)
			m->c.dma_written += size;
		else
			m->c.dma_read += size;
		return;
	}
	if (map & MAP_UNCACHED) {
		if (store) {
			/* Posted through the write buffer: no stall modelled. */
			m->c.uncached_stores++;
		} else if (pc != c->nc_pc || serial != c->nc_serial) {
			/*
			 * One round trip per load instruction (TCG splits an
			 * LDP), miss_overlap of them in flight: a copy's loads
			 * are independent of each other.
			 */
			m->c.uncached_loads++;
			c->stall += m->dram_cycles / m->p.miss_overlap;
			c->nc_pc = pc;
			c->nc_serial = serial;
		}
		return;
	}
	if (store)
		m->c.stores++;
	else
		m->c.loads++;
	for (; line <= last; line++, vline++)
		cached_line(m, c, line, vline, store, pc);
}

void memsys_dc(struct memsys *m, unsigned int cpu, uint64_t va, enum dc_op op)
{
	uint64_t line;
	uint8_t state;
	unsigned int i;

	m->c.dc_ops++;
	m->cpu[cpu].stall += m->p.dc_line_cycles;
	if (!m->linear_end || va < m->linear_va || va >= m->linear_end) {
		m->c.dc_untranslated++;
		return;
	}
	line = (va - m->linear_va + m->linear_pa) >> m->line_shift;
	/* To the point of coherency: every cache's copy. */
	for (i = 0; i <= m->ncpus; i++) {
		struct cache *k = i < m->ncpus ? &m->cpu[i].l1 : &m->l2;
		uint8_t *st = cache_peek(k, line);

		if (!st)
			continue;
		if (op == DC_CLEAN)
			*st &= (uint8_t)~LINE_DIRTY;
		else
			cache_drop(k, line, &state);
	}
}

/*
 * Unit tests of the memory model's host-side parts (TAP): the platform
 * parser, the caches, and the memory system's coherency check, uncached
 * loads, DC maintenance and stream prefetcher, each against a figure worked
 * out by hand from the parameters below.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../memsys.h"
#include "../platform.h"

static int n_tests, n_failed;

static int ok(int cond, const char *fmt, ...)
{
	va_list ap;

	n_tests++;
	if (!cond)
		n_failed++;
	printf("%sok %d - ", cond ? "" : "not ", n_tests);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return cond;
}

static const char *good =
	"name = test\ncpu_ghz = 1.0   # 1 cycle = 1 ns\ncpi = 1\nline_bytes = 64\n"
	"l1d_kib = 1\nl1d_ways = 2\nl2_kib = 4\nl2_ways = 4\nl2_hit_cycles = 10\n"
	"dram_ns = 100\nmiss_overlap = 2\nstream_mb_s = 3200\nprefetch_lines = 2\n"
	"prefetch_streams = 2\ndc_line_cycles = 5\n";

static int load_text(const char *text, struct platform *p, char *err, size_t errlen)
{
	char path[] = "/tmp/uvcdma-platform-XXXXXX";
	int fd = mkstemp(path), r;
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");

	if (!f)
		return -2;
	fputs(text, f);
	fclose(f);
	r = platform_load(path, p, err, errlen);
	remove(path);
	return r;
}

static void test_platform(void)
{
	struct platform p;
	char err[256], text[2048];

	ok(load_text(good, &p, err, sizeof(err)) == 0 && p.cpu_ghz == 1.0 && p.l2_ways == 4 &&
	   !strcmp(p.name, "test"), "a complete platform file loads");
	snprintf(text, sizeof(text), "%sbogus = 1\n", good);
	ok(load_text(text, &p, err, sizeof(err)) < 0 && strstr(err, ":16: unknown parameter 'bogus'"),
	   "an unknown parameter is refused with its line (%s)", err);
	ok(load_text("name = x\n", &p, err, sizeof(err)) < 0 && strstr(err, "parameter 'cpu_ghz' missing"),
	   "a missing parameter is named (%s)", err);
	snprintf(text, sizeof(text), "%s", good);
	*strstr(text, "3200") = '-';
	ok(load_text(text, &p, err, sizeof(err)) < 0 && strstr(err, "bad value '-200' for stream_mb_s"),
	   "a negative figure is refused (%s)", err);
	snprintf(text, sizeof(text), "%s", good);
	*strstr(text, "miss_overlap = 2") = '#';
	strcat(text, "miss_overlap = 0.5\n");
	ok(load_text(text, &p, err, sizeof(err)) < 0 && strstr(err, "miss_overlap below 1"),
	   "fewer than one access in flight is refused (%s)", err);
	snprintf(text, sizeof(text), "%sname = again\n", good);
	ok(load_text(text, &p, err, sizeof(err)) < 0 && strstr(err, "'name' given twice"),
	   "a parameter given twice is refused (%s)", err);
}

static void setup(struct memsys *m)
{
	struct platform p;
	char err[256];

	if (load_text(good, &p, err, sizeof(err)) || memsys_init(m, &p, 1)) {
		printf("Bail out! cannot set up the memory system: %s\n", err);
		exit(1);
	}
}

#define LINEAR 0xffff000000000000ULL
#define BUF 0x40000000ULL	/* a physical address */

/* An access through the kernel's linear map: va = LINEAR + pa. */
static void access_pa(struct memsys *m, uint64_t pa, unsigned int size, bool store, uint64_t pc,
		      uint64_t serial)
{
	memsys_access(m, 0, pa, LINEAR + pa, size, store, pc, serial);
}

static void test_coherency(void)
{
	struct memsys m;

	setup(&m);
	m.linear_va = LINEAR;
	m.linear_pa = 0;
	m.linear_end = LINEAR + (1ULL << 40);

	access_pa(&m, BUF, 8, false, 0x100, 1);
	ok(m.cpu[0].stall == 100, "a cold load costs DRAM latency (%.1f cycles)", m.cpu[0].stall);
	access_pa(&m, BUF, 8, false, 0x100, 2);
	ok(m.cpu[0].stall == 100, "the same line again hits L1, free beyond CPI");

	/* The device writes the buffer (its lines are the device's). */
	memsys_mark(BUF, 4096, MAP_DEVICE, true);
	access_pa(&m, BUF, 8, true, 0x200, 3);
	memsys_mark(BUF, 4096, MAP_DEVICE, false);
	ok(m.c.dma_written == 8 && m.cpu[0].stall == 100, "a store into the device's buffer is DMA, charged to no CPU");
	access_pa(&m, BUF, 8, false, 0x300, 4);
	ok(m.c.stale_reads == 1 && m.stale[0].pc == 0x300, "reading the cached copy after DMA, no invalidate: a stale read at its pc");

	memsys_dc(&m, 0, LINEAR + BUF, DC_INVALIDATE);
	ok(m.cpu[0].stall == 105, "a DC op costs dc_line_cycles");
	access_pa(&m, BUF, 8, false, 0x300, 5);
	ok(m.c.stale_reads == 1 && m.cpu[0].stall == 205, "after DC IVAC the read misses to DRAM and is fresh");

	memsys_dc(&m, 0, 0x1234, DC_INVALIDATE);
	ok(m.c.dc_untranslated == 1, "a DC op outside the linear map is counted as untranslated");

	/* A dirty line under DMA: a missing clean. */
	access_pa(&m, BUF + 4096, 8, true, 0x400, 6);
	memsys_mark(BUF + 4096, 64, MAP_DEVICE, true);
	access_pa(&m, BUF + 4096, 8, true, 0x500, 7);
	ok(m.c.dma_over_dirty == 1, "DMA onto a line the CPU holds dirty is reported");

	/*
	 * A line part of which is the device's is the device's in all of it
	 * (caches hold lines): a store to its other 48 bytes is DMA too.
	 */
	{
		uint64_t dma = m.c.dma_written, stores = m.c.stores;

		memsys_mark(BUF + 8192, 16, MAP_DEVICE, true);
		access_pa(&m, BUF + 8192 + 32, 8, true, 0x600, 8);
		memsys_mark(BUF + 8192, 16, MAP_DEVICE, false);
		ok(m.c.dma_written == dma + 8 && m.c.stores == stores,
		   "a store beside a device-owned granule, in its line, is the device's (dma_written +%llu)",
		   (unsigned long long)(m.c.dma_written - dma));
	}
}

static void test_uncached(void)
{
	struct memsys m;

	setup(&m);
	memsys_mark(BUF, 4096, MAP_UNCACHED, true);
	/* An LDP: two accesses of one instruction execution. */
	access_pa(&m, BUF, 8, false, 0x100, 1);
	access_pa(&m, BUF + 8, 8, false, 0x100, 1);
	/* dram_ns 100 at 1 GHz, two in flight (miss_overlap 2): 50 cycles each. */
	ok(m.c.uncached_loads == 1 && m.cpu[0].stall == 50,
	   "an LDP from uncached memory is one DRAM round trip, miss_overlap of them in flight (%.1f)",
	   m.cpu[0].stall);
	access_pa(&m, BUF + 16, 8, false, 0x100, 2);
	ok(m.c.uncached_loads == 2 && m.cpu[0].stall == 100, "the same LDP executed again is another");
	access_pa(&m, BUF, 8, true, 0x104, 3);
	ok(m.cpu[0].stall == 100 && m.c.loads == 0, "uncached stores are posted, and no line is cached");
	memsys_mark(BUF, 4096, MAP_UNCACHED, false);
	access_pa(&m, BUF, 8, false, 0x100, 4);
	ok(m.c.uncached_loads == 2 && m.c.loads == 1, "unmarked, the memory is cached again");
}

static void test_streams(void)
{
	struct memsys m;
	uint64_t i;

	setup(&m);
	/* A copy: source and destination lines interleaved, 64 lines each. */
	for (i = 0; i < 64; i++) {
		access_pa(&m, BUF + i * 64, 8, false, 0x100, 2 * i);
		access_pa(&m, BUF + 0x100000 + i * 64, 8, true, 0x104, 2 * i + 1);
	}
	/*
	 * Each stream: two demand misses (the second starts the stream), the
	 * rest prefetched, at 64 B / (2 x 3200 MB/s) = 10 ns = 10 cycles each.
	 * Demand misses are serial (each starts what the next access needs):
	 * dram_ns whole, not divided by miss_overlap.
	 */
	ok(m.c.l1_misses == 4, "a copy's two streams are both followed (%llu demand misses)",
	   (unsigned long long)m.c.l1_misses);
	ok(m.c.prefetched_used == 124 && m.cpu[0].stream == 124 * 10,
	   "the prefetched lines arrive at the copy bandwidth, as streamed time (%.0f cycles)",
	   m.cpu[0].stream);
	ok(m.cpu[0].stall == 4 * 100, "the four demand misses stall the pipeline, one DRAM round trip each (%.0f)",
	   m.cpu[0].stall);
}

/*
 * 128 lines read (or written) in order through two virtual pages, the
 * second at physical address pa2: what it costs and how it was served.
 */
#define PAGES 0x50000000ULL	/* physical pages no other test marks */

static void two_pages(struct memsys *m, uint64_t pa2, bool store)
{
	uint64_t i, va = LINEAR + 0x10000000;

	setup(m);
	for (i = 0; i < 128; i++)
		memsys_access(m, 0, i < 64 ? PAGES + i * 64 : pa2 + (i - 64) * 64, va + i * 64, 8,
			      store, 0x100, i);
}

/*
 * Streams follow virtual addresses: a read stream goes on into the next
 * virtual page wherever it lives, a write stream starts again in each
 * page, and neither depends on where the allocator put the pages.
 */
static void test_pages(void)
{
	struct memsys apart, together;

	/*
	 * Reads: two demand misses start the stream, 62 lines of the first
	 * page prefetched, the second page's first line on its way (a
	 * streamed line), its 63 others prefetched: 126 streamed lines.
	 */
	two_pages(&apart, PAGES + 0x200000, false);
	ok(apart.cpu[0].stall == 2 * 100 && apart.cpu[0].stream == 126 * 10 &&
	   apart.c.prefetched_used == 126,
	   "a read stream goes on into the next virtual page, physically elsewhere (stall %.0f, stream %.0f)",
	   apart.cpu[0].stall, apart.cpu[0].stream);
	two_pages(&together, PAGES + 4096, false);
	ok(together.cpu[0].stall == apart.cpu[0].stall && together.cpu[0].stream == apart.cpu[0].stream,
	   "the same when the second page is physically next (stall %.0f, stream %.0f)",
	   together.cpu[0].stall, together.cpu[0].stream);
	/* Writes: two demand misses and 62 prefetched lines in each page. */
	two_pages(&apart, PAGES + 0x200000, true);
	ok(apart.cpu[0].stall == 4 * 100 && apart.cpu[0].stream == 124 * 10,
	   "a write stream starts again in the next page (stall %.0f, stream %.0f)",
	   apart.cpu[0].stall, apart.cpu[0].stream);
	two_pages(&together, PAGES + 4096, true);
	ok(together.cpu[0].stall == apart.cpu[0].stall && together.cpu[0].stream == apart.cpu[0].stream,
	   "also when the next page is physically next (stall %.0f, stream %.0f)",
	   together.cpu[0].stall, together.cpu[0].stream);
}

/*
 * A window's cycles: the copy bandwidth is measured on a whole copy loop,
 * its instructions included, so streamed lines and instructions overlap
 * (the longer counts) and stalls come on top.
 */
static void test_window_cycles(void)
{
	struct memsys m;
	struct platform p;

	setup(&m);
	p = m.p;
	/* cpi 1: 1000 instructions under 1240 streamed cycles, 400 stalled. */
	ok(window_cycles(&p, 1000, 400, 1240) == 1240 + 400,
	   "instructions hidden under the streamed lines are not counted twice (%.0f)",
	   window_cycles(&p, 1000, 400, 1240));
	ok(window_cycles(&p, 2000, 400, 1240) == 2000 + 400,
	   "streamed lines hidden under the instructions are not counted twice (%.0f)",
	   window_cycles(&p, 2000, 400, 1240));
	p.cpi = 2;
	ok(window_cycles(&p, 1000, 400, 1240) == 2 * 1000 + 400,
	   "the instructions' side is instructions x CPI (%.0f)", window_cycles(&p, 1000, 400, 1240));
	ok(window_cycles(&p, 0, 0, 0) == 0, "an empty window costs nothing");
}

int main(void)
{
	test_platform();
	test_coherency();
	test_uncached();
	test_streams();
	test_pages();
	test_window_cycles();
	printf("1..%d\n", n_tests);
	return n_failed ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * unit.c - unit tests of the exact-format engine, the parsers and the
 * statistics, printing TAP. Expected values come from the published blocks
 * of Linux commit 20e1dbf2bbe2 and from tests/expected.py (Python's math
 * and statistics modules), never from the code under test.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "derive.h"
#include "frame_verify.h"
#include "framestamp.h"
#include "parse.h"
#include "reconstruct.h"
#include "render.h"
#include "sample_stats.h"

#include "tap.h"

static void is_near(double got, double want, const char *name)
{
	int good = fabs(got - want) <= 1e-12 * fmax(1, fabs(want));

	ok(good, name);
	if (!good)
		printf("# got %.17g, expected %.17g\n", got, want);
}

/* The published blocks (shared/reference), byte for byte. */
static const char block_aarch64[] =
	"frames:  999\npackets: 999\nempty:   0 (0 %)\nerrors:  0\ninvalid: 0\n"
	"pts: 0 early, 0 initial, 999 ok\nscr: 0 count ok, 0 diff ok\n"
	"sof: 2048 <= sof <= 0, freq 0.000 kHz\nbytes 67034480 : duration 33303\nFPS: 29.99\n"
	"URB: 523446/4993 uS/qty: 104.836 avg 132.532 std 13.230 min 831.094 max (uS)\n"
	"header: 76564/4993 uS/qty: 15.334 avg 15.229 std 3.438 min 186.875 max (uS)\n"
	"latency: 468945/4992 uS/qty: 93.939 avg 132.577 std 9.531 min 824.010 max (uS)\n"
	"decode: 54161/4993 uS/qty: 10.847 avg 6.313 std 1.614 min 111.458 max (uS)\n"
	"raw decode speed: 9.931 Gbits/s\nraw URB handling speed: 1.025 Gbits/s\n"
	"throughput: 16.102 Mbits/s\nURB decode CPU usage 0.162600 %\n";

static const char block_x86[] =
	"frames:  999\npackets: 999\nempty:   0 (0 %)\nerrors:  0\ninvalid: 0\n"
	"pts: 0 early, 0 initial, 999 ok\nscr: 0 count ok, 0 diff ok\n"
	"sof: 2048 <= sof <= 0, freq 0.000 kHz\nbytes 70179056 : duration 33301\nFPS: 29.99\n"
	"URB: 288901/4897 uS/qty: 58.995 avg 26.022 std 4.319 min 253.853 max (uS)\n"
	"header: 54792/4897 uS/qty: 11.189 avg 6.218 std 0.620 min 61.750 max (uS)\n"
	"latency: 236602/4897 uS/qty: 48.315 avg 24.244 std 1.764 min 240.924 max (uS)\n"
	"decode: 52298/4897 uS/qty: 10.679 avg 8.299 std 1.638 min 108.861 max (uS)\n"
	"raw decode speed: 10.796 Gbits/s\nraw URB handling speed: 1.949 Gbits/s\n"
	"throughput: 16.859 Mbits/s\nURB decode CPU usage 0.157000 %\n";

/*
 * Raw figures behind the aarch64 block, built by hand from its printed
 * values (sum = the smallest ns total printing T and A; sumsq = Q * (S^2 +
 * S + (A^2 mod 2^32)): what the original patch's 32-bit avg * avg saw).
 */
static void aarch64_raw(struct uvc_raw *r)
{
	static const struct uvc_timing_raw t[4] = {
		{ 4993, 523446148, 4993ULL * (132532ULL * 132532 + 132532 + ((104836ULL * 104836) & 0xffffffff)), 13230, 831094 },
		{ 4993, 76564000, 4993ULL * (15229ULL * 15229 + 15229 + 15334ULL * 15334), 3438, 186875 },
		{ 4992, 468945000, 4992ULL * (132577ULL * 132577 + 132577 + ((93939ULL * 93939) & 0xffffffff)), 9531, 824010 },
		{ 4993, 54161000, 4993ULL * (6313ULL * 6313 + 6313 + 10847ULL * 10847), 1614, 111458 },
	};

	memset(r, 0, sizeof(*r));
	r->version = 1;
	r->frames = r->packets = r->pts_ok = 999;
	r->sof_min = 2048;
	r->bytes = 67034480;
	r->duration_ns = 33303000000ULL + 999999;	/* any ns of the 33303th ms */
	memcpy(r->t, t, sizeof(t));
}

static void x86_raw(struct uvc_raw *r)
{
	static const struct uvc_timing_raw t[4] = {
		{ 4897, 288901000, 4897ULL * (26022ULL * 26022 + 58995ULL * 58995), 4319, 253853 },
		{ 4897, 54792999, 4897ULL * (6218ULL * 6218 + 11189ULL * 11189), 620, 61750 },
		{ 4897, 236602000, 4897ULL * (24244ULL * 24244 + 48315ULL * 48315), 1764, 240924 },
		{ 4897, 52298999, 4897ULL * (8299ULL * 8299 + 10679ULL * 10679), 1638, 108861 },
	};

	memset(r, 0, sizeof(*r));
	r->version = 1;
	r->frames = r->packets = r->pts_ok = 999;
	r->sof_min = 2048;
	r->bytes = 70179056;
	r->duration_ns = 33301000000ULL;
	memcpy(r->t, t, sizeof(t));
}

static void render(const struct uvc_raw *raw, int legacy, char *out, size_t size)
{
	struct uvc_printed p;
	struct buf b = { 0 };

	uvc_derive(raw, legacy, &p);
	uvc_render_text(&b, &p);
	snprintf(out, size, "%s", b.data ? b.data : "");
	buf_free(&b);
}

static void test_integer_helpers(void)
{
	static const u64 sq[] = { 0, 1, 2, 3, 4, 15, 16, 17, 4294967295ULL, 4294967296ULL,
				  999999999999999999ULL, 0xffffffffffffffffULL };
	u64 s = 12345, x, y;
	int i, good = 1;

	is_u64(uvc_isqrt64(0xffffffffffffffffULL), 4294967295ULL, "isqrt(2^64-1) = 4294967295");
	is_u64(uvc_isqrt64(999999999999999999ULL), 999999999ULL, "isqrt(10^18-1) = 999999999");
	for (i = 0; i < (int)(sizeof(sq) / sizeof(sq[0])); i++) {
		x = sq[i];
		y = uvc_isqrt64(x);
		good &= y * y <= x && (y >= 4294967295ULL || (y + 1) * (y + 1) > x);
	}
	for (i = 0; i < 200000; i++) {
		x = stats_splitmix64(&s) >> (i % 64);
		y = uvc_isqrt64(x);
		good &= y * y <= x && (y >= 4294967295ULL || (y + 1) * (y + 1) > x);
	}
	ok(good, "isqrt: y^2 <= x < (y+1)^2 on edges and 200000 random values");

	for (good = 1, i = 0; i < 200000; i++) {
		u64 a = stats_splitmix64(&s) >> 20, d = (stats_splitmix64(&s) >> (16 + i % 40)) + 1;
		unsigned __int128 want = (unsigned __int128)a * 8000 / d;

		good &= uvc_muldiv64(a, 8000, d) == (u64)want;
	}
	ok(good, "muldiv64(a, 8000, d) = floor(a * 8000 / d) (128-bit reference)");
	is_u64(uvc_muldiv64(5, 3, 0), 0, "muldiv64 by 0 is 0");
}

static void test_published_blocks(void)
{
	struct uvc_raw raw;
	char out[4096];

	aarch64_raw(&raw);
	render(&raw, 1, out, sizeof(out));
	is_str(out, block_aarch64, "aarch64 block reproduced byte for byte (original std computation)");
	x86_raw(&raw);
	render(&raw, 1, out, sizeof(out));
	is_str(out, block_x86, "x86 block reproduced byte for byte (original std computation)");
	render(&raw, 0, out, sizeof(out));
	is_str(out, block_x86, "x86 block reproduced byte for byte (correct std: all averages below 65.535 us)");

	aarch64_raw(&raw);
	render(&raw, 0, out, sizeof(out));
	ok(strstr(out, "URB: 523446/4993 uS/qty: 104.836 avg 94.736 std 13.230 min 831.094 max (uS)\n") != NULL,
	   "aarch64 URB: correct std 94.736 us (published 132.532 is the 32-bit overflow)");
	ok(strstr(out, "latency: 468945/4992 uS/qty: 93.939 avg 94.799 std 9.531 min 824.010 max (uS)\n") != NULL,
	   "aarch64 latency: correct std 94.799 us (published 132.577)");
	ok(strstr(out, "decode: 54161/4993 uS/qty: 10.847 avg 6.313 std") != NULL,
	   "aarch64 decode (below 65.535 us) unchanged");
}

static void test_overflow_fix(void)
{
	/* Samples 70, 80, 150 us: tests/expected.py gives std 35590 ns, the original 99280. */
	struct uvc_timing_raw t = { 3, 300000, 33800000000ULL, 70000, 150000 };
	struct uvc_timing_line l;
	struct uvc_printed p;
	struct uvc_raw raw;
	struct buf b = { 0 };

	is_u64(uvc_stat_std_ns(t.sum_ns, t.sumsq_ns2, t.count), 35590, "std above 65.535 us avg: 35590 ns");
	is_u64(uvc_stat_std_ns_legacy(t.sum_ns, t.sumsq_ns2, t.count), 99280,
	       "the original's 32-bit avg*avg gives 99280 ns (emulated)");
	is_u64(uvc_stat_std_ns(65535 * 2, 65535ULL * 65535 * 2, 2), 0, "avg 65535 ns, no spread: 0");
	is_u64(uvc_stat_std_ns_legacy(65536 * 2, 65536ULL * 65536 * 2, 2), 65536,
	       "avg 65536 ns wraps in 32 bits in the original (std 65.536 instead of 0)");
	is_u64(uvc_stat_std_ns(65536 * 2, 65536ULL * 65536 * 2, 2), 0, "avg 65536 ns, no spread: 0 (fixed)");
	is_u64(uvc_stat_std_ns(10, 0, 1), 0, "inconsistent sumsq gives 0, not a wrapped value");
	is_u64(uvc_stat_std_ns(0, 0, 0), 0, "no sample: std 0");
	uvc_timing_derive(&t, 0, &l);
	memset(&raw, 0, sizeof(raw));
	raw.t[UVC_T_URB] = t;
	uvc_derive(&raw, 0, &p);
	uvc_render_text(&b, &p);
	ok(b.data && strstr(b.data, "URB: 300/3 uS/qty: 100.000 avg 35.590 std 70.000 min 150.000 max (uS)\n"),
	   "formatting above 65.535 us: 'URB: 300/3 uS/qty: 100.000 avg 35.590 std 70.000 min 150.000 max (uS)'");
	buf_free(&b);
}

static void test_lines(void)
{
	char s[64];

	uvc_format_speed(s, sizeof(s), 0);
	is_str(s, "0.000 kbits/s", "speed 0");
	uvc_format_speed(s, sizeof(s), 999);
	is_str(s, "0.999 kbits/s", "speed 999 bit/s");
	uvc_format_speed(s, sizeof(s), 999999);
	is_str(s, "999.999 kbits/s", "speed below 1 Mbit/s");
	uvc_format_speed(s, sizeof(s), 1000000);
	is_str(s, "1.000 Mbits/s", "speed 1 Mbit/s");
	uvc_format_speed(s, sizeof(s), 999999999);
	is_str(s, "999.999 Mbits/s", "speed truncated, not rounded");
	uvc_format_speed(s, sizeof(s), 1000000000);
	is_str(s, "1.000 Gbits/s", "speed 1 Gbit/s");
	is_u64(uvc_speed_bps(67034480, 54), 9931034074ULL, "67034480 B in 54 ms = 9931034074 bit/s");
	is_u64(uvc_speed_bps(123, 0), 0, "speed over 0 ms is 0");
	is_u64(uvc_fps_x100(999, 33303), 2999, "FPS 999 frames / 33303 ms = 29.99 (truncated)");
	is_u64(uvc_fps_x100(5, 0), 0, "FPS over 0 ms is 0");
	is_u64(uvc_empty_pct(1, 3), 33, "empty 1 of 3 = 33 %");
	is_u64(uvc_empty_pct(1, 0), 0, "empty without packets = 0 %");
	is_u64(uvc_cpu_upct(54161000, 33303), 162600, "CPU usage 0.162600 %");
	is_u64(uvc_cpu_upct(52298999, 33301), 157000, "CPU usage 0.157000 %");
	is_u64(uvc_cpu_upct(1, 0), 0, "CPU usage over 0 ms is 0");
}

static int parse(const char *s, struct uvc_report *r, struct uvc_parse_error *e)
{
	return uvc_parse_report(s, strlen(s), 0, r, e);
}

static void test_parser(void)
{
	struct uvc_report r, ref;
	struct uvc_parse_error e;
	struct uvc_raw raw;
	struct buf b = { 0 };
	char quoted[4096], *o = quoted;
	const char *p;
	int depth = 0;

	ok(parse(block_aarch64, &ref, &e) == 0 && ref.format == UVC_FMT_TEXT, "the aarch64 block parses");
	is_u64(ref.p.t[UVC_T_URB].std_ns, 132532, "printed std is kept as printed");
	is_u64(ref.p.speed_bps[UVC_S_DECODE], 9931000000ULL, "9.931 Gbits/s = 9931000000 bit/s");

	/* The same block in a mail: prose, nested quoting, CRLF, indentation. */
	o += sprintf(o, "On Mon, someone wrote:\r\n> Here are the numbers:\r\n>\r\n");
	for (p = block_aarch64; *p; p = strchr(p, '\n') + 1) {
		o += sprintf(o, "%s    ", depth++ % 2 ? "> >" : ">>");
		memcpy(o, p, (size_t)(strchr(p, '\n') - p));
		o += strchr(p, '\n') - p;
		o += sprintf(o, "  \r\n");
	}
	sprintf(o, ">\r\n> Thanks\r\n");
	ok(parse(quoted, &r, &e) == 0 && memcmp(&r.p, &ref.p, sizeof(r.p)) == 0,
	   "a quoted, CRLF, indented block in prose parses to the same figures");
	uvc_render_text(&b, &r.p);
	is_str(b.data ? b.data : "", block_aarch64, "and prints as the published block");
	buf_free(&b);

	ok(parse("frames: 1\npackets: 1\n", &r, &e) == -1 && e.line == 3 &&
	   strstr(e.msg, "truncated") && strstr(e.msg, "empty:"),
	   "truncated block: line 3, expected 'empty:'");
	ok(parse("frames: 1\npackets: x\n", &r, &e) == -1 && e.line == 2 && strstr(e.msg, "malformed 'packets:'"),
	   "malformed number: line 2");
	ok(parse("hello\nworld\n", &r, &e) == -1 && e.line == 0 && strstr(e.msg, "no statistics report"),
	   "prose only: no report");
	ok(parse("", &r, &e) == -1 && strstr(e.msg, "empty input"), "empty input");

	/* stats_raw round trip: text -> raw figures -> the same block. */
	ok(parse(block_x86, &ref, &e) == 0 && uvc_reconstruct(&ref, 1, &raw, &e) == 0,
	   "raw figures reconstructed from the x86 block");
	uvc_render_raw(&b, &raw);
	ok(parse(b.data, &r, &e) == 0 && r.format == UVC_FMT_RAW, "the stats_raw rendering parses");
	buf_free(&b);
	uvc_derive(&r.raw, 1, &r.p);
	uvc_render_text(&b, &r.p);
	is_str(b.data ? b.data : "", block_x86, "and derives the x86 block again");
	buf_free(&b);
}

static void test_stats(void)
{
	static const double x[] = { 10.5, 3.25, 7.0, 12.75, 3.25, 9.0, 1.5 };
	static const double y[] = { 4.0, 1.0, 3.0, 2.0 };
	static const double a[] = { 299264.0, 301120.0, 295870.0 };
	static const double b[] = { 10847.0, 10912.0, 10799.0, 11020.0 };
	static const double one_a[] = { 299264.0 }, one_b[] = { 10847.0 };
	static const double same[] = { 5, 5, 5 }, zero[] = { 0, 0 };
	struct stats_ratio q;
	uint64_t s = 0;

	/* Expected values: tests/expected.py (Python statistics module). */
	is_near(stats_mean(x, 7), 6.75, "mean");
	is_near(stats_std_population(x, 7), 3.9142596453772165, "population std (divides by n)");
	is_near(stats_std_sample(x, 7), 4.2278836313219408, "sample std (divides by n - 1)");
	ok(isnan(stats_std_sample(x, 1)), "sample std of one value is undefined");
	is_near(stats_min(x, 7), 1.5, "min");
	is_near(stats_max(x, 7), 12.75, "max");
	is_near(stats_median(x, 7), 7, "median, odd count");
	is_near(stats_median(y, 4), 2.5, "median, even count");
	is_near(stats_quantile(x, 7, 0.025), 1.7625, "2.5% quantile (type 7)");
	is_near(stats_quantile(x, 7, 0.975), 12.4125, "97.5% quantile (type 7)");
	is_u64(stats_splitmix64(&s), 0xe220a8397b1dcdafULL, "splitmix64 reference output 1");
	is_u64(stats_splitmix64(&s), 0x6e789e6aa1b965f4ULL, "splitmix64 reference output 2");

	stats_ratio_ci(a, 3, b, 4, STATS_RATIO_A_OVER_B, 10000, STATS_BOOT_SEED, &q);
	is_near(q.est, 27.507146468128131, "ratio of medians (times)");
	is_near(q.lo, 26.980667517782233, "bootstrap 2.5% bound = independent implementation");
	is_near(q.hi, 27.822230435184331, "bootstrap 97.5% bound = independent implementation");
	stats_ratio_ci(a, 3, b, 4, STATS_RATIO_B_OVER_A, 10000, STATS_BOOT_SEED, &q);
	is_near(q.est, 0.036354188943541491, "ratio of medians (speeds)");
	is_near(q.lo, 0.035942481402763016, "bootstrap bounds, other direction (low)");
	is_near(q.hi, 0.037063575218846116, "bootstrap bounds, other direction (high)");
	stats_ratio_ci(one_a, 1, one_b, 1, STATS_RATIO_A_OVER_B, 10000, STATS_BOOT_SEED, &q);
	ok(q.ok && isnan(q.lo) && isnan(q.hi), "one run per side: ratio, no interval");
	stats_ratio_ci(same, 3, same, 3, STATS_RATIO_A_OVER_B, 10000, STATS_BOOT_SEED, &q);
	ok(q.est == 1 && q.lo == 1 && q.hi == 1, "identical constant runs: ratio 1, interval [1, 1]");
	stats_ratio_ci(same, 3, zero, 2, STATS_RATIO_A_OVER_B, 10000, STATS_BOOT_SEED, &q);
	ok(!q.ok, "zero denominator: no ratio");
}

/* Deterministic mutations of valid inputs: the parser must not crash. */
static void test_mutations(void)
{
	const char *seeds[] = { block_aarch64, block_x86, "version=1\nframes=1\n" };
	struct uvc_report r;
	struct uvc_parse_error e;
	struct uvc_raw raw;
	struct buf b = { 0 };
	char in[2048];
	uint64_t s = 42;
	size_t n;
	int i, k;

	for (i = 0; i < 100000; i++) {
		const char *seed = seeds[i % 3];

		n = strlen(seed);
		memcpy(in, seed, n);
		for (k = 0; k < 1 + i % 4; k++) {
			uint64_t v = stats_splitmix64(&s);
			size_t at = (size_t)(v % n);

			switch ((v >> 32) % 4) {
			case 0: in[at] = (char)(v >> 40); break;		/* replace a byte */
			case 1: n = at; break;					/* truncate */
			case 2: in[at] = "0123456789.\n >%"[(v >> 40) % 15]; break;
			default: if (n < sizeof(in) - 1) { memmove(in + at + 1, in + at, n - at); in[at] = '9'; n++; }
			}
			if (n == 0)
				break;
		}
		if (uvc_parse_report(in, n, 0, &r, &e) == 0) {
			uvc_render_text(&b, &r.p);
			uvc_render_report(&b, UVC_OUT_JSON, &r, "x");
			uvc_render_report(&b, UVC_OUT_CSV, &r, "x");
			uvc_reconstruct(&r, i % 2, &raw, &e);
			b.len = 0;
		} else if (strlen(e.msg) == 0 || strchr(e.msg, '\n')) {
			break;
		}
	}
	buf_free(&b);
	ok(i == 100000, "100000 mutated inputs: no crash, every error is one non-empty line");
}

/* `run`'s verification: the first frame decides, the camera's stamps or none. */
static void test_frame_verify(void)
{
	static unsigned char stamped[4096], plain[4096];
	const enum uvc_verify_state undecided = UVC_VERIFY_UNDECIDED;
	size_t i;

	for (i = 0; i < sizeof(plain); i++)
		plain[i] = stamped[i] = (unsigned char)(i * 7 + 3);	/* a real camera's pixels */
	fs_seal(stamped, sizeof(stamped), 0, 1, FS_FOURCC_YUYV);
	ok(uvc_verify_next(UVC_VERIFY_AUTO, undecided, stamped, sizeof(stamped)) == UVC_VERIFY_CHECKING,
	   "auto, first frame stamped: checked");
	ok(uvc_verify_next(UVC_VERIFY_AUTO, undecided, plain, sizeof(plain)) == UVC_VERIFY_UNSTAMPED,
	   "auto, first frame without a stamp (a real camera): not checked");
	ok(uvc_verify_next(UVC_VERIFY_AUTO, undecided, plain, 0) == UVC_VERIFY_UNSTAMPED,
	   "auto, an empty first frame: not checked");
	ok(uvc_verify_next(UVC_VERIFY_AUTO, UVC_VERIFY_CHECKING, plain, sizeof(plain)) == UVC_VERIFY_CHECKING,
	   "auto, stamped stream: a later frame without a stamp is still checked (corrupt)");
	ok(uvc_verify_next(UVC_VERIFY_AUTO, UVC_VERIFY_UNSTAMPED, stamped, sizeof(stamped)) ==
	   UVC_VERIFY_UNSTAMPED, "auto, unstamped stream: decided once, a later stamp changes nothing");
	stamped[100] ^= 1;
	ok(uvc_verify_next(UVC_VERIFY_AUTO, undecided, stamped, sizeof(stamped)) == UVC_VERIFY_CHECKING,
	   "auto, first frame stamped but corrupt: checked (the camera stamps; that frame fails)");
	ok(uvc_verify_next(UVC_VERIFY_ON, undecided, plain, sizeof(plain)) == UVC_VERIFY_CHECKING,
	   "--verify, no stamp: checked (every frame corrupt)");
	ok(uvc_verify_next(UVC_VERIFY_OFF, undecided, stamped, sizeof(stamped)) == UVC_VERIFY_SKIPPED,
	   "--no-verify, stamped: skipped");
}

int main(void)
{
	test_integer_helpers();
	test_published_blocks();
	test_overflow_fix();
	test_lines();
	test_parser();
	test_stats();
	test_mutations();
	test_frame_verify();
	return done_testing();
}

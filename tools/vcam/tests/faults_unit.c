// SPDX-License-Identifier: GPL-2.0
/*
 * vcam-faults-unit: host unit tests of the fault table (faults.h), the
 * descriptor faults, the desc-fuzz mutator and the desc-gen generator,
 * printing TAP.
 */
#include "testlib.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>




static long find_desc(const uint8_t *d, size_t n, size_t from, int type, int sub)
{
	for (size_t i = from; i + 2 < n && d[i]; i += d[i])
		if (d[i + 1] == type && (sub < 0 || d[i + 2] == sub))
			return (long)i;
	return -1;
}

static void test_table(void)
{
	int unique = 1, kinds = 1, parse = 1;

	for (int i = 0; i < F_COUNT; i++) {
		for (int j = 0; j < i; j++)
			unique &= strcmp(vcam_fault_name(i), vcam_fault_name(j)) != 0;
		kinds &= strchr("SCD", vcam_fault_kind(i)) != NULL;
		parse &= vcam_fault_parse(vcam_fault_name(i)) == i;
	}
	ok(unique && kinds && parse, "%d faults: unique names, kinds S/C/D, each parses back", F_COUNT);
	ok(vcam_fault_parse("nope") == -1 && vcam_fault_parse("") == -1, "unknown names do not parse");
	ok((vcam_fault_mask('S') | vcam_fault_mask('C') | vcam_fault_mask('D')) ==
	   (F_COUNT == 32 ? 0xffffffffu : (1u << F_COUNT) - 1) &&
	   !(vcam_fault_mask('S') & vcam_fault_mask('C')), "the kinds' masks cover every fault once");
	ok(!strncmp(vcam_fault_list(), "hdr-len-0, hdr-len-1, ", 22) &&
	   strstr(vcam_fault_list(), "desc-fuzz") != NULL, "the list of names for messages");
}

static void test_cli(void)
{
	struct vcam_config c;

	ok(config_from(&c, "--fault stall-commit,empty-payloads --fault-limit 2 --fault-after 30") == 0 &&
	   vcam_fault_on(&c, F_STALL_COMMIT) && vcam_fault_on(&c, F_EMPTY_PAYLOADS) &&
	   c.fault_limit == 2 && c.fault_after == 30, "--fault-limit and the new fault names parse");
	fflush(stdout);
	freopen("/dev/null", "w", stderr);
	ok(config_from(&c, "--fault-limit -1") == -1, "--fault-limit -1 is refused");
}

/* The descriptors still chain from the header to n (bLength >= 2 each). */
static int chains(const uint8_t *d, size_t n)
{
	size_t i = 0;

	while (i < n) {
		if (d[i] < 2 || i + d[i] > n)
			return 0;
		i += d[i];
	}
	return 1;
}

static void test_desc_faults(void)
{
	static uint8_t got[4096];
	struct vcam_config c;
	size_t n, clean;
	long at;

	config_from(&c, "--format yuyv --size 640x480 --fps 30,60");
	clean = vcam_config_desc(&c, got, sizeof(got));
	config_from(&c, "--format yuyv --size 640x480 --fps 30,60 --fault desc-frame-short");
	n = vcam_config_desc(&c, got, sizeof(got));
	at = find_desc(got, n, 0, 0x24, 0x05);
	ok(n == clean - 4 && at > 0 && got[at] == 30 && got[at + 25] == 2 && chains(got, n),
	   "desc-frame-short: frame bLength 30 for 2 intervals (34 needed), chain intact");
	config_from(&c, "--format yuyv --size 640x480 --fps 30 --fault desc-total-short");
	n = vcam_config_desc(&c, got, sizeof(got));
	ok(n == 159 && rd16(got + 2) == 152 && got[152] == 7 && got[153] == 0x05,
	   "desc-total-short: wTotalLength 152 of 159 bytes, the endpoint after it");
	config_from(&c, "--format yuyv,mjpeg --size 640x480 --fps 30 --fault desc-no-frames");
	n = vcam_config_desc(&c, got, sizeof(got));
	at = find_desc(got, n, 0, 0x24, 0x06);
	ok(at > 0 && got[at + 4] == 0 && got[at + got[at] + 2] == 0x0d && chains(got, n) &&
	   rd16(got + 2) == n, "desc-no-frames: MJPEG (last) format with 0 frames, colour matching follows");
	at = find_desc(got, n, 0, 0x24, 0x04);
	ok(at > 0 && got[at + 4] == 1 && got[at + got[at] + 2] == 0x05,
	   "desc-no-frames: the first format keeps its frame");
}

static void test_desc_fuzz(void)
{
	static uint8_t clean[4096], a[4096], b[4096];
	struct vcam_config c;
	size_t n, na, nb;
	int same = 1, bounded = 1, header = 1, changed = 0, seeds = 2000;

	config_from(&c, "");
	n = vcam_config_desc(&c, clean, sizeof(clean));
	for (int seed = 0; seed < seeds; seed++) {
		memcpy(a, clean, n);
		memcpy(b, clean, n);
		na = vcam_desc_fuzz(a, n, n + 64, (unsigned int)seed);
		nb = vcam_desc_fuzz(b, n, n + 64, (unsigned int)seed);
		same &= na == nb && !memcmp(a, b, na);
		bounded &= na >= 9 && na <= n + 64;
		header &= a[0] == 9 && a[1] == 2 && a[4] == 2 && a[5] == 1;
		changed += na != n || memcmp(a, clean, n) != 0;
	}
	ok(same, "desc-fuzz: the same seed mutates the same way (%d seeds)", seeds);
	ok(bounded, "desc-fuzz: the result fits the room given and keeps the header");
	ok(header, "desc-fuzz: bNumInterfaces and bConfigurationValue untouched");
	ok(changed >= seeds * 95 / 100, "desc-fuzz: %d of %d seeds change the descriptors", changed, seeds);
	config_from(&c, "--fault desc-fuzz --seed 7");
	na = vcam_config_desc(&c, a, sizeof(a));
	memcpy(b, clean, n);
	nb = vcam_desc_fuzz(b, n, sizeof(b), 7);
	ok(na == nb && !memcmp(a, b, na), "--fault desc-fuzz --seed 7 is vcam_desc_fuzz(seed 7)");
}

/* What a generated configuration says and what it holds (desc-gen). */
struct gen_facts {
	int chain_ok;			/* bLength chain ends at wTotalLength */
	int vc_total_ok, vs_total_ok;	/* the class headers' wTotalLength */
	int formats_ok, frames_ok;	/* bNumFormats, each bNumFrameDescriptors */
	int sources_ok, link_ok;	/* unit sources, bTerminalLink: defined IDs */
	unsigned int vc_subtypes, vs_subtypes;	/* 1 << subtype seen */
};

static void gen_facts(const uint8_t *d, size_t n, struct gen_facts *f)
{
	long vc = find_desc(d, n, 0, 0x24, 0x01), vs = -1, ep = -1, vsintf = -1;
	int ids[256] = { 0 }, ots[256] = { 0 }, nformats = 0, claim_frames = -1, frames = 0;
	size_t i;

	memset(f, 0, sizeof(*f));
	f->sources_ok = f->frames_ok = 1;
	for (i = 0; i + 1 < n && d[i] >= 2; i += d[i]) {
		const uint8_t *p = d + i;

		if (p[1] == 0x04 && p[5] == 0x0e && p[6] == 0x02)
			vsintf = (long)i;
		if (p[1] == 0x05)
			ep = (long)i;
		if (p[1] != 0x24)
			continue;
		if (vsintf < 0) {	/* VideoControl */
			f->vc_subtypes |= 1u << p[2];
			if (p[2] >= 2 && p[2] <= 7) {
				/* a unit's sources: PU, EU one at 4; OT at 7; SU, XU a list */
				if (p[2] == 0x03 || p[2] == 0x05 || p[2] == 0x07)
					f->sources_ok &= ids[p[p[2] == 0x03 ? 7 : 4]];
				if (p[2] == 0x04)
					for (int k = 0; k < p[4]; k++)
						f->sources_ok &= ids[p[5 + k]];
				if (p[2] == 0x06)
					for (int k = 0; k < p[21]; k++)
						f->sources_ok &= ids[p[22 + k]];
				f->sources_ok &= !ids[p[3]];	/* IDs are unique */
				ids[p[3]] = 1;
				if (p[2] == 0x03)
					ots[p[3]] = 1;
			}
			continue;
		}
		f->vs_subtypes |= 1u << p[2];
		if (p[2] == 0x01) {
			vs = (long)i;
			f->link_ok = ots[p[8]];
			continue;
		}
		/* a format: the frames of the previous one are all counted */
		if (p[2] == 0x04 || p[2] == 0x06 || p[2] == 0x10 || p[2] == 0x13 ||
		    p[2] == 0x0c || p[2] == 0x0a || p[2] == 0x12) {
			if (claim_frames >= 0)
				f->frames_ok &= frames == claim_frames;
			nformats++;
			claim_frames = p[2] == 0x0c || p[2] == 0x0a || p[2] == 0x12 ? 0 : p[4];
			frames = 0;
		}
		if (p[2] == 0x05 || p[2] == 0x07 || p[2] == 0x11 || p[2] == 0x14) {
			frames++;
			/* a discrete frame sends the intervals it counts */
			if (p[2] != 0x14 && p[25])
				f->frames_ok &= p[0] == 26 + 4 * p[25];
		}
	}
	if (claim_frames >= 0)
		f->frames_ok &= frames == claim_frames;
	f->chain_ok = i == n && rd16(d + 2) == n;
	f->vc_total_ok = vc > 0 && vsintf > vc && rd16(d + vc + 5) == vsintf - vc;
	f->vs_total_ok = vs > 0 && ep > vs && rd16(d + vs + 4) == ep - vs;
	f->formats_ok = vs > 0 && d[vs + 3] == nformats;
}

static void test_desc_gen(void)
{
	static uint8_t a[4096], b[4096];
	struct vcam_config c;
	struct gen_facts f;
	const int seeds = 2000;
	int same = 1, chain = 1, agree = 1, nagree = 0, differs = 1;
	unsigned int vc = 0, vs = 0, dis = 0;

	config_from(&c, "--format yuyv --size 640x480 --fps 30");
	for (int s = 0; s < seeds; s++) {
		size_t na = vcam_desc_gen(&c, a, sizeof(a), (unsigned int)s);
		size_t nb = vcam_desc_gen(&c, b, sizeof(b), (unsigned int)s);
		unsigned int mask = vcam_desc_gen_disagreements((unsigned int)s);

		same &= na == nb && na <= sizeof(a) && !memcmp(a, b, na);
		gen_facts(a, na, &f);
		chain &= f.chain_ok && a[4] == 2 && a[5] == 1;
		vc |= f.vc_subtypes;
		vs |= f.vs_subtypes;
		dis |= mask;
		if (!mask) {
			nagree++;
			agree &= f.vc_total_ok && f.vs_total_ok && f.formats_ok && f.frames_ok &&
				 f.sources_ok && f.link_ok;
		}
		/* the disagreements one can see in one field each */
		if (mask == 1u << 0)
			differs &= !f.vc_total_ok;
		if (mask == 1u << 1)
			differs &= !f.vs_total_ok;
		if (mask == 1u << 2)
			differs &= !f.formats_ok;
		if (mask == 1u << 6)
			differs &= !f.link_ok;
	}
	ok(same, "desc-gen: the same seed builds the same configuration, within 4096 bytes (%d seeds)", seeds);
	ok(chain, "desc-gen: every seed's descriptors chain to wTotalLength; 2 interfaces, configuration 1");
	ok(nagree > seeds / 3 && agree,
	   "desc-gen: %d seeds with no disagreement: totals, counts, sources and links all agree", nagree);
	ok(dis == (1u << 11) - 1, "desc-gen: every kind of disagreement occurs (mask %#x)", dis);
	ok(differs, "desc-gen: a seed's one disagreement shows in its field (totals, bNumFormats, link)");
	/* VC: input and output terminals, selector, processing, extension, encoding units */
	ok((vc & 0xfc) == 0xfc, "desc-gen: every terminal and unit type (VC subtypes %#x)", vc);
	/* VS: still image, uncompressed, MJPEG, their frames, MPEG-2 TS, DV,
	 * color matching, frame-based and its frames, stream-based, H.264 and its frames */
	unsigned int want = 0;
	static const int vs_types[] = { 0x03, 0x04, 0x05, 0x06, 0x07, 0x0a, 0x0c, 0x0d,
					0x10, 0x11, 0x12, 0x13, 0x14 };

	for (size_t k = 0; k < sizeof(vs_types) / sizeof(vs_types[0]); k++)
		want |= 1u << vs_types[k];
	ok((vs & want) == want, "desc-gen: every format and frame type (VS subtypes %#x)", vs);
	config_from(&c, "--fault desc-gen --seed 11");
	size_t na = vcam_config_desc(&c, a, sizeof(a));
	size_t nb = vcam_desc_gen(&c, b, sizeof(b), 11);
	ok(na == nb && !memcmp(a, b, na), "--fault desc-gen --seed 11 is vcam_desc_gen(seed 11)");
}

int main(void)
{
	test_table();
	test_desc_faults();
	test_desc_fuzz();
	test_desc_gen();
	test_cli();
	return tap_done();
}

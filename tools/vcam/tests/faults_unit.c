// SPDX-License-Identifier: GPL-2.0
/*
 * vcam-faults-unit: host unit tests of the fault table (faults.h), the
 * descriptor faults and the desc-fuzz mutator, printing TAP.
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

int main(void)
{
	test_table();
	test_desc_faults();
	test_desc_fuzz();
	test_cli();
	return tap_done();
}

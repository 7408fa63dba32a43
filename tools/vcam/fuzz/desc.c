// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness of vcam's descriptor building (desc.c) and of the
 * desc-fuzz mutator (desc_fuzz.c). The input names a configuration: up to
 * 2 formats, up to 8 frame sizes and 4 rates (any that the command line
 * accepts), one or two streaming interfaces, speed, header fields,
 * descriptor faults and a seed, then the
 * room the caller gives. What must hold:
 *   - the descriptors never go past the room given, and the length
 *     returned is what the configuration needs whatever the room;
 *   - without descriptor faults, they chain by bLength to exactly
 *     wTotalLength, and the (last) VS input header's wTotalLength reaches
 *     its endpoint; every frame descriptor's bLength fits its intervals;
 *   - the mutator stays inside its room, keeps the configuration header
 *     and is deterministic;
 *   - no undefined behaviour (UBSan).
 *   make -C tools/vcam fuzz; $(OUT)/obj/vcam/vcam-fuzz-desc CORPUS
 */
#include "vcam.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must(int cond)
{
	if (!cond)
		__builtin_trap();
}

static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* Configuration from d[0..15]: 0 if the command line accepts it. */
static int configure(struct vcam_config *c, const uint8_t *d)
{
	static const char *const formats[] = { "yuyv", "mjpeg", "yuyv,mjpeg", "mjpeg,yuyv" };
	char sizes[8 * 12] = "", rates[4 * 5] = "", faults[256] = "", seed[24], tmp[16];
	char *argv[24];
	int argc = 0, nsizes = 1 + (d[1] & 7), nrates = 1 + ((d[1] >> 3) & 3);

	for (int i = 0; i < nsizes; i++) {
		/* W even 16..3840, H 16..2160, from two bytes each */
		unsigned int w = 16 + (d[2 + i] * 15u & ~1u), h = 16 + d[10 + (i & 3)] * 8u;

		snprintf(tmp, sizeof(tmp), "%s%ux%u", i ? "," : "", w, h > 2160 ? 2160 : h);
		strcat(sizes, tmp);
	}
	for (int i = 0; i < nrates; i++) {
		snprintf(tmp, sizeof(tmp), "%s%u", i ? "," : "", 1 + (d[14] * (i + 1) + 7 * i) % 120);
		strcat(rates, tmp);
	}
	for (int i = 0; i < F_COUNT; i++)
		if (vcam_fault_kind(i) == 'D' && (d[15] >> (i % 8)) & 1 && (d[0] & 0x20)) {
			strcat(faults, *faults ? "," : "");
			strcat(faults, vcam_fault_name(i));
		}
	argv[argc++] = "vcam";
	argv[argc++] = "--format";
	argv[argc++] = (char *)formats[d[0] & 3];
	argv[argc++] = "--size";
	argv[argc++] = sizes;
	argv[argc++] = "--fps";
	argv[argc++] = rates;
	if (d[0] & 4)
		argv[argc++] = "--speed=super";
	if (d[0] & 8)
		argv[argc++] = "--pts";
	if (d[0] & 16)
		argv[argc++] = "--scr";
	if (d[1] & 0x40)
		argv[argc++] = "--streams=2";	/* a second streaming interface */
	if (*faults) {
		argv[argc++] = "--fault";
		argv[argc++] = faults;
	}
	snprintf(seed, sizeof(seed), "--seed=%u", rd16(d + 12));
	argv[argc++] = seed;
	argv[argc] = NULL;
	vcam_config_default(c);
	return vcam_parse_args(c, argc, argv);
}

static void check_chain(const uint8_t *b, size_t n)
{
	size_t i = 0, vs_header = 0, endpoint = 0;
	int subclass = 0;

	must(rd16(b + 2) == n);
	while (i < n) {
		must(b[i] >= 2 && i + b[i] <= n);
		if (b[i + 1] == 0x04)		/* interface: 1 control, 2 streaming */
			subclass = b[i + 6];
		if (b[i + 1] == 0x24 && b[i + 2] == 0x01 && subclass == 2)
			vs_header = i;
		if (b[i + 1] == 0x24 && (b[i + 2] == 0x05 || b[i + 2] == 0x07))
			must(b[i] == 26 + 4 * b[i + 25]);
		if (b[i + 1] == 0x05)
			endpoint = i;
		i += b[i];
	}
	must(vs_header && endpoint && vs_header + rd16(b + vs_header + 4) == endpoint);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct vcam_config cfg;
	uint8_t *room, *again;
	size_t need, got, n, limit;

	if (size < 18 || configure(&cfg, data))
		return 0;
	need = vcam_config_desc(&cfg, NULL, 0);
	limit = rd16(data + 16) % (need + 64);
	room = malloc(limit ? limit : 1);
	must(room != NULL);
	got = vcam_config_desc(&cfg, room, limit);
	must(got == need || vcam_fault_on(&cfg, F_DESC_FUZZ));
	free(room);
	room = malloc(need + 64);
	again = malloc(need + 64);
	must(room && again);
	n = vcam_config_desc(&cfg, room, need);
	if (!(cfg.faults & vcam_fault_mask('D')))
		check_chain(room, n);
	/* the mutator on the clean descriptors, with the rest as its room */
	memcpy(again, room, n);
	got = vcam_desc_fuzz(room, n, need + (data[0] >> 6) * 16, rd16(data + 12) ^ (unsigned)size);
	must(got >= 9 && got <= need + (data[0] >> 6) * 16);
	must(room[0] == 9 && room[1] == 2);
	{
		size_t got2 = vcam_desc_fuzz(again, n, need + (data[0] >> 6) * 16,
					     rd16(data + 12) ^ (unsigned)size);

		must(got2 == got && !memcmp(room, again, got));
	}
	free(room);
	free(again);
	return 0;
}

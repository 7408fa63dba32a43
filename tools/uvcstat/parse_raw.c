// SPDX-License-Identifier: GPL-2.0
/*
 * parse_raw.c - `stats_raw`: key=value lines (FORMAT.md); unknown keys
 * are ignored, a missing or repeated one is an error naming it.
 */
#include <stdio.h>
#include <string.h>

#include "derive.h"
#include "parse_lines.h"

/* ---- Raw: key=value ---- */

struct raw_key {
	char name[32];
	u64 *dst;
	unsigned int line;
	unsigned int group;	/* UVC_HAS_* of an optional group's first key, else 0 */
};

static unsigned int raw_keys(struct uvc_raw *raw, struct raw_key *k)
{
	static const char *const field[5] = { "count", "sum_ns", "sumsq_ns2", "min_ns", "max_ns" };
	struct { const char *name; u64 *dst; } scalar[] = {
		{ "version", &raw->version }, { "streaming", &raw->streaming },
		{ "frames", &raw->frames }, { "packets", &raw->packets },
		{ "empty", &raw->empty }, { "errors", &raw->errors },
		{ "invalid", &raw->invalid }, { "pts_early", &raw->pts_early },
		{ "pts_initial", &raw->pts_initial }, { "pts_ok", &raw->pts_ok },
		{ "scr_count_ok", &raw->scr_count_ok }, { "scr_diff_ok", &raw->scr_diff_ok },
		{ "sof_min", &raw->sof_min }, { "sof_max", &raw->sof_max },
		{ "sof_freq_hz", &raw->sof_freq_hz }, { "bytes", &raw->bytes },
		{ "duration_ns", &raw->duration_ns },
	};
	unsigned int n = 0, i, f;

	for (i = 0; i < sizeof(scalar) / sizeof(scalar[0]); i++, n++) {
		snprintf(k[n].name, sizeof(k[n].name), "%s", scalar[i].name);
		k[n].dst = scalar[i].dst;
		k[n].line = 0;
		k[n].group = 0;
	}
	for (i = 0; i < UVC_T_COUNT; i++) {
		u64 *dst[5] = { &raw->t[i].count, &raw->t[i].sum_ns, &raw->t[i].sumsq_ns2,
				&raw->t[i].min_ns, &raw->t[i].max_ns };

		for (f = 0; f < 5; f++, n++) {
			snprintf(k[n].name, sizeof(k[n].name), "%s_%s", uvc_timing_key[i], field[f]);
			k[n].dst = dst[f];
			k[n].line = 0;
			k[n].group = 0;
		}
		if (i == UVC_T_SYNC_CPU)
			k[n - 5].group = UVC_HAS_SYNC_CPU;
		if (i == UVC_T_SYNC_DEVICE)
			k[n - 5].group = UVC_HAS_SYNC_DEVICE;
	}
	return n;
}

#define RAW_KEYS_MAX 64

static int is_key_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* "key=" at the start of a cleaned line: the length of key, or 0. */
size_t uvc_raw_key_len(const struct uvc_line *l)
{
	size_t i = 0;

	while (i < l->n && i < 64 && is_key_char(l->s[i]))
		i++;
	return (i > 0 && i < l->n && l->s[i] == '=') ? i : 0;
}

int uvc_parse_raw(struct uvc_lines *it, struct uvc_report *r, struct uvc_parse_error *err)
{
	struct raw_key keys[RAW_KEYS_MAX];
	unsigned int nkeys = raw_keys(&r->raw, keys), k, mode_line = 0;
	struct uvc_line l, v;
	size_t klen;
	char ex[64];

	while (uvc_next_line(it, &l)) {
		if (l.n == 0 || l.s[0] == '#')
			continue;
		uvc_excerpt(ex, sizeof(ex), l.s, l.n);
		klen = uvc_raw_key_len(&l);
		if (l.has_nul || klen == 0)
			return uvc_error(err, l.no, "expected key=value, got '%s'", ex);
		v.s = l.s + klen + 1;
		v.n = l.n - klen - 1;
		v.no = l.no;
		v.has_nul = 0;
		if (klen == 4 && memcmp(l.s, "mode", 4) == 0) {
			if (mode_line)
				return uvc_error(err, l.no, "second 'mode' key (the first is line %u)",
						 mode_line);
			if (!uvc_match(&v, "%w", r->raw.mode))
				return uvc_error(err, l.no, "'mode' needs a word, got '%s'", ex);
			mode_line = l.no;
			continue;
		}
		for (k = 0; k < nkeys; k++)
			if (strlen(keys[k].name) == klen && memcmp(keys[k].name, l.s, klen) == 0)
				break;
		if (k == nkeys)
			continue;	/* unknown key: a newer kernel's, ignored */
		if (keys[k].line)
			return uvc_error(err, l.no, "second '%s' key (the first is line %u)",
					 keys[k].name, keys[k].line);
		if (!uvc_match(&v, "%u", keys[k].dst))
			return uvc_error(err, l.no, "'%s' needs an unsigned decimal integer below 2^64, got '%s'",
					 keys[k].name, ex);
		keys[k].line = l.no;
		if (keys[k].dst == &r->raw.version && r->raw.version != 1)
			return uvc_error(err, l.no, "unsupported stats_raw version %llu (uvcstat reads version 1)",
					 (unsigned long long)r->raw.version);
		if (keys[k].dst == &r->raw.streaming && r->raw.streaming > 1)
			return uvc_error(err, l.no, "'streaming' must be 0 or 1, got '%s'", ex);
	}
	/* The sync timings and the mode are optional as whole groups. */
	for (k = 0; k < nkeys; k++) {
		unsigned int group = keys[k].group, f, seen = 0;

		if (group) {
			for (f = 0; f < 5; f++)
				seen += keys[k + f].line != 0;
			if (seen == 5)
				r->raw.has |= group;
			if (seen == 0 || seen == 5) {
				k += 4;
				continue;
			}
			while (keys[k].line)
				k++;
		}
		if (!keys[k].line)
			return uvc_error(err, 0, "missing key '%s' in stats_raw input", keys[k].name);
	}
	if (mode_line)
		r->raw.has |= UVC_HAS_MODE;
	r->format = UVC_FMT_RAW;
	r->has_raw = 1;
	uvc_derive(&r->raw, 0, &r->p);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * parse.c - reports from a buffer.
 *
 * Every input line is first cleaned the same way: CR and trailing blanks
 * removed, leading blanks and '>' mail quoting (any depth, any spacing)
 * removed. A text block starts at a line "frames: N"; the 18 lines of the
 * changelog's block must follow in order; the extra lines of the patched
 * kernel (sync for cpu/device, URB allocation) may follow; any other line
 * ends the block, so prose around a pasted block is ignored. Raw input is
 * `key=value` lines (FORMAT.md). The parsers never read past LEN, never
 * allocate, and stop at the first error with its line number.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "derive.h"
#include "parse.h"

#define U64_MAX_VAL 0xffffffffffffffffULL

/* ---- Lines ---- */

struct uvc_line {
	const char *s;		/* cleaned contents */
	size_t n;
	unsigned int no;	/* 1-based line number */
	int has_nul;		/* the raw line contains a NUL byte */
};

struct uvc_lines {
	const char *pos, *end;
	unsigned int no;
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static int uvc_next_line(struct uvc_lines *it, struct uvc_line *l)
{
	const char *s = it->pos, *e;

	if (s >= it->end)
		return 0;
	e = memchr(s, '\n', (size_t)(it->end - s));
	if (!e)
		e = it->end;
	it->pos = e < it->end ? e + 1 : e;
	l->no = ++it->no;
	l->has_nul = memchr(s, '\0', (size_t)(e - s)) != NULL;
	while (e > s && is_blank(e[-1]))
		e--;
	while (s < e && (is_blank(*s) || *s == '>'))
		s++;
	l->s = s;
	l->n = (size_t)(e - s);
	return 1;
}

void uvc_excerpt(char *dst, size_t size, const char *s, size_t n)
{
	size_t i, o = 0;

	if (size == 0)
		return;
	for (i = 0; i < n && o + 4 < size && i < 48; i++)
		dst[o++] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
	if (i < n && o + 4 < size) {
		memcpy(dst + o, "...", 3);
		o += 3;
	}
	dst[o] = '\0';
}

static int uvc_error(struct uvc_parse_error *err, unsigned int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int uvc_error(struct uvc_parse_error *err, unsigned int line, const char *fmt, ...)
{
	va_list ap;

	err->line = line;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- Scanning: a tiny pattern matcher for one line ---- */

static int scan_u64(const char *s, size_t n, size_t *i, u64 *v)
{
	size_t start = *i;
	u64 x = 0, d;

	while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
		d = (u64)(s[*i] - '0');
		if (x > (U64_MAX_VAL - d) / 10)
			return 0;
		x = x * 10 + d;
		(*i)++;
	}
	*v = x;
	return *i > start;
}

/* "I.FFF" with exactly DIGITS decimals -> I * 10^DIGITS + FFF. */
static int scan_fixed(const char *s, size_t n, size_t *i, unsigned int digits, u64 *v)
{
	u64 ipart, frac = 0, scale = 1;
	unsigned int k;

	if (!scan_u64(s, n, i, &ipart) || *i >= n || s[*i] != '.')
		return 0;
	(*i)++;
	for (k = 0; k < digits; k++) {
		if (*i >= n || s[*i] < '0' || s[*i] > '9')
			return 0;
		frac = frac * 10 + (u64)(s[(*i)++] - '0');
		scale *= 10;
	}
	if (*i < n && s[*i] >= '0' && s[*i] <= '9')
		return 0;
	if (ipart > (U64_MAX_VAL - frac) / scale)
		return 0;
	*v = ipart * scale + frac;
	return 1;
}

/* An allocation mode or unit word: [A-Za-z0-9_/-], at most UVC_MODE_MAX - 1. */
static int scan_word(const char *s, size_t n, size_t *i, char *w)
{
	size_t k = 0;

	while (*i < n && (s[*i] == '-' || s[*i] == '_' || s[*i] == '/' ||
			  (s[*i] >= '0' && s[*i] <= '9') ||
			  (s[*i] >= 'a' && s[*i] <= 'z') || (s[*i] >= 'A' && s[*i] <= 'Z'))) {
		if (k + 1 >= UVC_MODE_MAX)
			return 0;
		w[k++] = s[(*i)++];
	}
	w[k] = '\0';
	return k > 0;
}

/* "9.931 Gbits/s" -> bits per second. */
static int scan_speed(const char *s, size_t n, size_t *i, u64 *bps)
{
	static const u64 mul[3] = { 1, 1000, 1000000 };
	char unit[UVC_MODE_MAX];
	unsigned int u;
	u64 v;

	if (!scan_fixed(s, n, i, 3, &v))
		return 0;
	while (*i < n && is_blank(s[*i]))
		(*i)++;
	if (!scan_word(s, n, i, unit))
		return 0;
	for (u = 0; u < 3; u++)
		if (strcmp(unit, uvc_speed_unit[u]) == 0)
			break;
	if (u == 3 || v > U64_MAX_VAL / mul[u])
		return 0;
	*bps = v * mul[u];
	return 1;
}

/*
 * Matches the whole line against PAT: ' ' matches any run of blanks
 * (including none), %u an unsigned decimal (u64 *), %2 %3 %6 a number with
 * exactly that many decimals (u64 *, scaled), %b a speed (u64 *, bit/s),
 * %w a word (char[UVC_MODE_MAX]), %% a '%'; anything else itself.
 */
static int match(const struct uvc_line *l, const char *pat, ...)
{
	const char *s = l->s;
	size_t n = l->n, i = 0;
	int ok = 1;
	va_list ap;

	va_start(ap, pat);
	for (; *pat && ok; pat++) {
		if (*pat == ' ') {
			while (i < n && is_blank(s[i]))
				i++;
		} else if (*pat == '%' && pat[1] && pat[1] != '%') {
			pat++;
			switch (*pat) {
			case 'u':
				ok = scan_u64(s, n, &i, va_arg(ap, u64 *));
				break;
			case '2':
			case '3':
			case '6':
				ok = scan_fixed(s, n, &i, (unsigned int)(*pat - '0'), va_arg(ap, u64 *));
				break;
			case 'b':
				ok = scan_speed(s, n, &i, va_arg(ap, u64 *));
				break;
			case 'w':
				ok = scan_word(s, n, &i, va_arg(ap, char *));
				break;
			default:
				ok = 0;
			}
		} else {
			if (*pat == '%')
				pat++;
			ok = i < n && s[i] == *pat;
			i++;
		}
	}
	va_end(ap);
	return ok && i == n;
}

static int has_prefix(const struct uvc_line *l, const char *prefix)
{
	size_t k = strlen(prefix);

	return l->n >= k && memcmp(l->s, prefix, k) == 0;
}

/* ---- Text blocks ---- */

static const char *const line_prefix[UVC_L_COUNT] = {
	"frames:", "packets:", "empty:", "errors:", "invalid:",
	"pts:", "scr:", "sof:", "bytes", "FPS:",
	"URB:", "header:", "latency:", "decode:",
	"raw decode speed:", "raw URB handling speed:", "throughput:",
	"URB decode CPU usage", "sync for cpu:", "sync for device:", "URB allocation:",
};

static int match_timing(const struct uvc_line *l, const char *label, struct uvc_timing_line *t)
{
	char pat[96];

	snprintf(pat, sizeof(pat), "%s: %%u/%%u uS/qty: %%3 avg %%3 std %%3 min %%3 max (uS)", label);
	return match(l, pat, &t->total_us, &t->count, &t->avg_ns, &t->std_ns,
		     &t->min_ns, &t->max_ns);
}

/* Parses line ID of a block into P; 1 when it matches. */
static int match_block_line(enum uvc_line_id id, const struct uvc_line *l, struct uvc_printed *p)
{
	switch (id) {
	case UVC_L_FRAMES:
		return match(l, "frames: %u", &p->frames);
	case UVC_L_PACKETS:
		return match(l, "packets: %u", &p->packets);
	case UVC_L_EMPTY:
		return match(l, "empty: %u (%u %%)", &p->empty, &p->empty_pct);
	case UVC_L_ERRORS:
		return match(l, "errors: %u", &p->errors);
	case UVC_L_INVALID:
		return match(l, "invalid: %u", &p->invalid);
	case UVC_L_PTS:
		return match(l, "pts: %u early, %u initial, %u ok",
			     &p->pts_early, &p->pts_initial, &p->pts_ok);
	case UVC_L_SCR:
		return match(l, "scr: %u count ok, %u diff ok", &p->scr_count_ok, &p->scr_diff_ok);
	case UVC_L_SOF:
		return match(l, "sof: %u <= sof <= %u, freq %3 kHz",
			     &p->sof_min, &p->sof_max, &p->sof_freq_hz);
	case UVC_L_BYTES:
		return match(l, "bytes %u : duration %u", &p->bytes, &p->duration_ms);
	case UVC_L_FPS:
		return match(l, "FPS: %2", &p->fps_x100);
	case UVC_L_URB:
	case UVC_L_HEADER:
	case UVC_L_LATENCY:
	case UVC_L_DECODE:
		return match_timing(l, uvc_timing_label[id - UVC_L_URB], &p->t[id - UVC_L_URB]);
	case UVC_L_SPEED_DECODE:
		return match(l, "raw decode speed: %b", &p->speed_bps[UVC_S_DECODE]);
	case UVC_L_SPEED_URB:
		return match(l, "raw URB handling speed: %b", &p->speed_bps[UVC_S_URB]);
	case UVC_L_THROUGHPUT:
		return match(l, "throughput: %b", &p->speed_bps[UVC_S_THROUGHPUT]);
	case UVC_L_CPU:
		return match(l, "URB decode CPU usage %6 %%", &p->cpu_upct);
	case UVC_L_SYNC_CPU:
		return match_timing(l, "sync for cpu", &p->t[UVC_T_SYNC_CPU]);
	case UVC_L_SYNC_DEVICE:
		return match_timing(l, "sync for device", &p->t[UVC_T_SYNC_DEVICE]);
	case UVC_L_MODE:
		return match(l, "URB allocation: %w", p->mode);
	default:
		return 0;
	}
}

static int is_block_start(const struct uvc_line *l)
{
	u64 v;

	return !l->has_nul && match(l, "frames: %u", &v);
}

static int parse_text(struct uvc_lines *it, unsigned int block, struct uvc_report *r,
		      struct uvc_parse_error *err)
{
	static const unsigned int extra_has[] = { UVC_HAS_SYNC_CPU, UVC_HAS_SYNC_DEVICE, UVC_HAS_MODE };
	unsigned int found = 0, id;
	struct uvc_line l;
	char ex[64];
	int have;

	/* Find the BLOCK-th "frames: N" line. */
	for (;;) {
		if (!uvc_next_line(it, &l))
			return uvc_error(err, 0, found ?
					 "only %u statistics block(s) in the input, not %u" :
					 "no statistics report found (no 'frames: N' line)",
					 found, block);
		if (is_block_start(&l) && ++found == block)
			break;
	}
	r->format = UVC_FMT_TEXT;
	match_block_line(UVC_L_FRAMES, &l, &r->p);
	r->line[UVC_L_FRAMES] = l.no;

	/* The 17 lines every block has, in order. */
	for (id = UVC_L_FRAMES + 1; id < UVC_L_BLOCK; id++) {
		have = uvc_next_line(it, &l);
		if (!have || l.n == 0)
			return uvc_error(err, have ? l.no : it->no + 1,
					 "truncated report: %s, expected the '%s' line",
					 have ? "blank line" : "end of input", line_prefix[id]);
		uvc_excerpt(ex, sizeof(ex), l.s, l.n);
		if (l.has_nul)
			return uvc_error(err, l.no, "NUL byte in the '%s' line", line_prefix[id]);
		if (!has_prefix(&l, line_prefix[id]))
			return uvc_error(err, l.no, "expected the '%s' line, got '%s'",
					 line_prefix[id], ex);
		if (!match_block_line((enum uvc_line_id)id, &l, &r->p))
			return uvc_error(err, l.no, "malformed '%s' line: '%s'", line_prefix[id], ex);
		r->line[id] = l.no;
	}

	/* Extra lines of the patched kernel, in any order, each at most once. */
	while (uvc_next_line(it, &l)) {
		for (id = UVC_L_BLOCK; id < UVC_L_COUNT; id++)
			if (has_prefix(&l, line_prefix[id]))
				break;
		if (id == UVC_L_COUNT)
			break;		/* the block ended */
		uvc_excerpt(ex, sizeof(ex), l.s, l.n);
		if (r->p.has & extra_has[id - UVC_L_BLOCK])
			return uvc_error(err, l.no, "second '%s' line (the first is line %u)",
					 line_prefix[id], r->line[id]);
		if (l.has_nul || !match_block_line((enum uvc_line_id)id, &l, &r->p))
			return uvc_error(err, l.no, "malformed '%s' line: '%s'", line_prefix[id], ex);
		r->p.has |= extra_has[id - UVC_L_BLOCK];
		r->line[id] = l.no;
	}
	return 0;
}

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
static size_t raw_key_len(const struct uvc_line *l)
{
	size_t i = 0;

	while (i < l->n && i < 64 && is_key_char(l->s[i]))
		i++;
	return (i > 0 && i < l->n && l->s[i] == '=') ? i : 0;
}

static int parse_raw(struct uvc_lines *it, struct uvc_report *r, struct uvc_parse_error *err)
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
		klen = raw_key_len(&l);
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
			if (!match(&v, "%w", r->raw.mode))
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
		if (!match(&v, "%u", keys[k].dst))
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

/* ---- Entry point ---- */

int uvc_mode_known(const char *mode)
{
	unsigned int i;

	for (i = 0; uvc_modes[i]; i++)
		if (strcmp(mode, uvc_modes[i]) == 0)
			return 1;
	return 0;
}

int uvc_parse_report(const char *buf, size_t len, unsigned int block,
		     struct uvc_report *r, struct uvc_parse_error *err)
{
	struct uvc_lines it = { buf, buf + len, 0 };
	struct uvc_line l;
	int text = 0, raw = 0;

	memset(r, 0, sizeof(*r));
	memset(err, 0, sizeof(*err));
	if (block == 0)
		block = 1;

	/* Text if a block starts anywhere; raw if the first content line is key=value. */
	while (uvc_next_line(&it, &l)) {
		if (is_block_start(&l)) {
			text = 1;
			break;
		}
		if (!raw && l.n && l.s[0] != '#' && !l.has_nul)
			raw = raw_key_len(&l) ? 1 : -1;
	}
	it.pos = buf;
	it.no = 0;
	if (text)
		return parse_text(&it, block, r, err);
	if (raw == 1) {
		if (block != 1)
			return uvc_error(err, 0, "stats_raw input holds one report, not %u", block);
		return parse_raw(&it, r, err);
	}
	if (len == 0)
		return uvc_error(err, 0, "empty input: no statistics report");
	return uvc_error(err, 0, "no statistics report found (no 'frames: N' line, no key=value lines)");
}

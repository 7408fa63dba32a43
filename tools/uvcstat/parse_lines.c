// SPDX-License-Identifier: GPL-2.0
/*
 * parse_lines.c - the report parsers' input lines, cleaned the same way
 * for text and stats_raw, and a tiny pattern matcher for one line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "derive.h"
#include "parse_lines.h"

#define U64_MAX_VAL 0xffffffffffffffffULL

/* ---- Lines ---- */

int uvc_next_line(struct uvc_lines *it, struct uvc_line *l)
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

int uvc_error(struct uvc_parse_error *err, unsigned int line, const char *fmt, ...)
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
int uvc_match(const struct uvc_line *l, const char *pat, ...)
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

int uvc_has_prefix(const struct uvc_line *l, const char *prefix)
{
	size_t k = strlen(prefix);

	return l->n >= k && memcmp(l->s, prefix, k) == 0;
}

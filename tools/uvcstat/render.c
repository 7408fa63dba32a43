// SPDX-License-Identifier: GPL-2.0
/*
 * render.c - a report as text, JSON, CSV or stats_raw.
 *
 * The text is the changelog's exact format: the printf formats below are
 * the ones the kernel uses (with %llu for u64), so the debugfs `stats`
 * file and `uvcstat report` print the same bytes. JSON and CSV carry the
 * same integers; decimals are written from the integers, never through
 * floating point.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "derive.h"
#include "render.h"

#define US(ns)		(ns) / 1000, (ns) % 1000

/* ---- Text ---- */

static void render_timing(struct buf *b, const char *label, const struct uvc_timing_line *t)
{
	buf_printf(b, "%s: %" PRIu64 "/%" PRIu64 " uS/qty: "
		   "%" PRIu64 ".%03" PRIu64 " avg %" PRIu64 ".%03" PRIu64 " std "
		   "%" PRIu64 ".%03" PRIu64 " min %" PRIu64 ".%03" PRIu64 " max (uS)\n",
		   label, t->total_us, t->count, US(t->avg_ns), US(t->std_ns),
		   US(t->min_ns), US(t->max_ns));
}

void uvc_format_speed(char *dst, size_t size, u64 bps)
{
	u64 ipart, frac;
	unsigned int unit;

	uvc_speed_split(bps, &ipart, &frac, &unit);
	snprintf(dst, size, "%" PRIu64 ".%03" PRIu64 " %s", ipart, frac, uvc_speed_unit[unit]);
}

void uvc_format_us(char *dst, size_t size, u64 ns)
{
	snprintf(dst, size, "%" PRIu64 ".%03" PRIu64, US(ns));
}

void uvc_render_text(struct buf *b, const struct uvc_printed *p)
{
	char speed[64];
	unsigned int i;

	buf_printf(b, "frames:  %" PRIu64 "\npackets: %" PRIu64 "\n"
		   "empty:   %" PRIu64 " (%" PRIu64 " %%)\n"
		   "errors:  %" PRIu64 "\ninvalid: %" PRIu64 "\n",
		   p->frames, p->packets, p->empty, p->empty_pct, p->errors, p->invalid);
	buf_printf(b, "pts: %" PRIu64 " early, %" PRIu64 " initial, %" PRIu64 " ok\n",
		   p->pts_early, p->pts_initial, p->pts_ok);
	buf_printf(b, "scr: %" PRIu64 " count ok, %" PRIu64 " diff ok\n",
		   p->scr_count_ok, p->scr_diff_ok);
	buf_printf(b, "sof: %" PRIu64 " <= sof <= %" PRIu64 ", freq %" PRIu64 ".%03" PRIu64 " kHz\n",
		   p->sof_min, p->sof_max, US(p->sof_freq_hz));
	buf_printf(b, "bytes %" PRIu64 " : duration %" PRIu64 "\n", p->bytes, p->duration_ms);
	buf_printf(b, "FPS: %" PRIu64 ".%02" PRIu64 "\n", p->fps_x100 / 100, p->fps_x100 % 100);
	for (i = UVC_T_URB; i <= UVC_T_DECODE; i++)
		render_timing(b, uvc_timing_label[i], &p->t[i]);
	for (i = 0; i < UVC_S_COUNT; i++) {
		uvc_format_speed(speed, sizeof(speed), p->speed_bps[i]);
		buf_printf(b, "%s: %s\n", uvc_speed_label[i], speed);
	}
	buf_printf(b, "URB decode CPU usage %" PRIu64 ".%06" PRIu64 " %%\n",
		   p->cpu_upct / 1000000, p->cpu_upct % 1000000);
	if (p->has & UVC_HAS_SYNC_CPU)
		render_timing(b, uvc_timing_label[UVC_T_SYNC_CPU], &p->t[UVC_T_SYNC_CPU]);
	if (p->has & UVC_HAS_SYNC_DEVICE)
		render_timing(b, uvc_timing_label[UVC_T_SYNC_DEVICE], &p->t[UVC_T_SYNC_DEVICE]);
	if (p->has & UVC_HAS_MODE)
		buf_printf(b, "URB allocation: %s\n", p->mode);
}

/* ---- JSON ---- */

/* A JSON string: escapes quotes, backslashes and control bytes. */
void uvc_json_string(struct buf *b, const char *s)
{
	buf_puts(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			buf_printf(b, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			buf_printf(b, "\\u%04x", c);
		else
			buf_add(b, s, 1);
	}
	buf_puts(b, "\"");
}

static int timing_present(const struct uvc_printed *p, unsigned int i)
{
	if (i == UVC_T_SYNC_CPU)
		return !!(p->has & UVC_HAS_SYNC_CPU);
	if (i == UVC_T_SYNC_DEVICE)
		return !!(p->has & UVC_HAS_SYNC_DEVICE);
	return 1;
}

void uvc_render_json(struct buf *b, const struct uvc_report *r, const char *source)
{
	const struct uvc_printed *p = &r->p;
	const struct uvc_raw *raw = &r->raw;
	const char *sep = "";
	unsigned int i;

	buf_puts(b, "{\n  \"source\": ");
	uvc_json_string(b, source);
	buf_printf(b, ",\n  \"input_format\": \"%s\",\n  \"mode\": ",
		   r->format == UVC_FMT_RAW ? "stats_raw" : "text");
	if (p->has & UVC_HAS_MODE)
		uvc_json_string(b, p->mode);
	else
		buf_puts(b, "null");
	buf_printf(b, ",\n  \"frames\": %" PRIu64 ",\n  \"packets\": %" PRIu64
		   ",\n  \"empty\": %" PRIu64 ",\n  \"empty_percent\": %" PRIu64
		   ",\n  \"errors\": %" PRIu64 ",\n  \"invalid\": %" PRIu64,
		   p->frames, p->packets, p->empty, p->empty_pct, p->errors, p->invalid);
	buf_printf(b, ",\n  \"pts_early\": %" PRIu64 ",\n  \"pts_initial\": %" PRIu64
		   ",\n  \"pts_ok\": %" PRIu64 ",\n  \"scr_count_ok\": %" PRIu64
		   ",\n  \"scr_diff_ok\": %" PRIu64,
		   p->pts_early, p->pts_initial, p->pts_ok, p->scr_count_ok, p->scr_diff_ok);
	buf_printf(b, ",\n  \"sof_min\": %" PRIu64 ",\n  \"sof_max\": %" PRIu64
		   ",\n  \"sof_freq_khz\": %" PRIu64 ".%03" PRIu64,
		   p->sof_min, p->sof_max, US(p->sof_freq_hz));
	buf_printf(b, ",\n  \"bytes\": %" PRIu64 ",\n  \"duration_ms\": %" PRIu64
		   ",\n  \"fps\": %" PRIu64 ".%02" PRIu64 ",\n  \"timings_us\": {",
		   p->bytes, p->duration_ms, p->fps_x100 / 100, p->fps_x100 % 100);
	for (i = 0; i < UVC_T_COUNT; i++) {
		const struct uvc_timing_line *t = &p->t[i];

		if (!timing_present(p, i))
			continue;
		buf_printf(b, "%s\n    \"%s\": { \"total\": %" PRIu64 ", \"count\": %" PRIu64
			   ", \"avg\": %" PRIu64 ".%03" PRIu64 ", \"std\": %" PRIu64 ".%03" PRIu64
			   ", \"min\": %" PRIu64 ".%03" PRIu64 ", \"max\": %" PRIu64 ".%03" PRIu64 " }",
			   sep, uvc_timing_key[i], t->total_us, t->count, US(t->avg_ns),
			   US(t->std_ns), US(t->min_ns), US(t->max_ns));
		sep = ",";
	}
	buf_puts(b, "\n  },\n  \"speeds_bps\": {");
	for (i = 0; i < UVC_S_COUNT; i++)
		buf_printf(b, "%s\"%s\": %" PRIu64, i ? ", " : " ", uvc_speed_key[i], p->speed_bps[i]);
	buf_printf(b, " },\n  \"cpu_usage_percent\": %" PRIu64 ".%06" PRIu64,
		   p->cpu_upct / 1000000, p->cpu_upct % 1000000);
	if (r->has_raw) {
		buf_printf(b, ",\n  \"raw\": {\n    \"version\": %" PRIu64 ", \"streaming\": %" PRIu64
			   ", \"bytes\": %" PRIu64 ", \"duration_ns\": %" PRIu64 ", \"sof_freq_hz\": %" PRIu64,
			   raw->version, raw->streaming, raw->bytes, raw->duration_ns, raw->sof_freq_hz);
		for (i = 0; i < UVC_T_COUNT; i++)
			if (timing_present(&r->p, i))
				buf_printf(b, ",\n    \"%s\": { \"count\": %" PRIu64 ", \"sum_ns\": %" PRIu64
					   ", \"sumsq_ns2\": %" PRIu64 ", \"min_ns\": %" PRIu64
					   ", \"max_ns\": %" PRIu64 " }",
					   uvc_timing_key[i], raw->t[i].count, raw->t[i].sum_ns,
					   raw->t[i].sumsq_ns2, raw->t[i].min_ns, raw->t[i].max_ns);
		buf_puts(b, "\n  }");
	}
	buf_puts(b, "\n}\n");
}

/* ---- CSV: one header, one row per report ---- */

static const char *const csv_timing_fields[6] = { "total_us", "count", "avg_us", "std_us", "min_us", "max_us" };

void uvc_render_csv_header(struct buf *b)
{
	unsigned int i, f;

	buf_printf(b, "source,mode,frames,packets,empty,empty_percent,errors,invalid,"
		   "pts_early,pts_initial,pts_ok,scr_count_ok,scr_diff_ok,"
		   "sof_min,sof_max,sof_freq_khz,bytes,duration_ms,fps");
	for (i = 0; i < UVC_T_COUNT; i++)
		for (f = 0; f < 6; f++)
			buf_printf(b, ",%s_%s", uvc_timing_key[i], csv_timing_fields[f]);
	for (i = 0; i < UVC_S_COUNT; i++)
		buf_printf(b, ",%s_bps", uvc_speed_key[i]);
	buf_printf(b, ",cpu_usage_percent\n");
}

/* RFC 4180 field: quoted when it holds a comma, quote or line break. */
static void csv_string(struct buf *b, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		buf_add(b, s, strlen(s));
		return;
	}
	buf_puts(b, "\"");
	for (; *s; s++) {
		if (*s == '"')
			buf_puts(b, "\"\"");
		else
			buf_add(b, s, 1);
	}
	buf_puts(b, "\"");
}

void uvc_render_csv_row(struct buf *b, const struct uvc_report *r, const char *source)
{
	const struct uvc_printed *p = &r->p;
	unsigned int i;

	csv_string(b, source);
	buf_puts(b, ",");
	if (p->has & UVC_HAS_MODE)
		csv_string(b, p->mode);
	buf_printf(b, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		   ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		   ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ".%03" PRIu64 ",%" PRIu64 ",%" PRIu64
		   ",%" PRIu64 ".%02" PRIu64,
		   p->frames, p->packets, p->empty, p->empty_pct, p->errors, p->invalid,
		   p->pts_early, p->pts_initial, p->pts_ok, p->scr_count_ok, p->scr_diff_ok,
		   p->sof_min, p->sof_max, US(p->sof_freq_hz), p->bytes, p->duration_ms,
		   p->fps_x100 / 100, p->fps_x100 % 100);
	for (i = 0; i < UVC_T_COUNT; i++) {
		const struct uvc_timing_line *t = &p->t[i];

		if (!timing_present(p, i)) {
			buf_puts(b, ",,,,,,");
			continue;
		}
		buf_printf(b, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ".%03" PRIu64 ",%" PRIu64 ".%03" PRIu64
			   ",%" PRIu64 ".%03" PRIu64 ",%" PRIu64 ".%03" PRIu64,
			   t->total_us, t->count, US(t->avg_ns), US(t->std_ns), US(t->min_ns), US(t->max_ns));
	}
	for (i = 0; i < UVC_S_COUNT; i++)
		buf_printf(b, ",%" PRIu64, p->speed_bps[i]);
	buf_printf(b, ",%" PRIu64 ".%06" PRIu64 "\n", p->cpu_upct / 1000000, p->cpu_upct % 1000000);
}

/* ---- stats_raw ---- */

void uvc_render_raw(struct buf *b, const struct uvc_raw *raw)
{
	unsigned int i;

	buf_printf(b, "version=%" PRIu64 "\n", raw->version);
	if (raw->has & UVC_HAS_MODE)
		buf_printf(b, "mode=%s\n", raw->mode);
	buf_printf(b, "streaming=%" PRIu64 "\n", raw->streaming);
	buf_printf(b, "frames=%" PRIu64 "\npackets=%" PRIu64 "\nempty=%" PRIu64
		   "\nerrors=%" PRIu64 "\ninvalid=%" PRIu64 "\n",
		   raw->frames, raw->packets, raw->empty, raw->errors, raw->invalid);
	buf_printf(b, "pts_early=%" PRIu64 "\npts_initial=%" PRIu64 "\npts_ok=%" PRIu64
		   "\nscr_count_ok=%" PRIu64 "\nscr_diff_ok=%" PRIu64 "\n",
		   raw->pts_early, raw->pts_initial, raw->pts_ok, raw->scr_count_ok, raw->scr_diff_ok);
	buf_printf(b, "sof_min=%" PRIu64 "\nsof_max=%" PRIu64 "\nsof_freq_hz=%" PRIu64
		   "\nbytes=%" PRIu64 "\nduration_ns=%" PRIu64 "\n",
		   raw->sof_min, raw->sof_max, raw->sof_freq_hz, raw->bytes, raw->duration_ns);
	for (i = 0; i < UVC_T_COUNT; i++) {
		const char *k = uvc_timing_key[i];
		const struct uvc_timing_raw *t = &raw->t[i];

		if ((i == UVC_T_SYNC_CPU && !(raw->has & UVC_HAS_SYNC_CPU)) ||
		    (i == UVC_T_SYNC_DEVICE && !(raw->has & UVC_HAS_SYNC_DEVICE)))
			continue;
		buf_printf(b, "%s_count=%" PRIu64 "\n%s_sum_ns=%" PRIu64 "\n%s_sumsq_ns2=%" PRIu64
			   "\n%s_min_ns=%" PRIu64 "\n%s_max_ns=%" PRIu64 "\n",
			   k, t->count, k, t->sum_ns, k, t->sumsq_ns2, k, t->min_ns, k, t->max_ns);
	}
}

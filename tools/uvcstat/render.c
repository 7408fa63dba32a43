// SPDX-License-Identifier: GPL-2.0
/*
 * render.c - a report as text, JSON, CSV (through emit.c) or stats_raw.
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
#include "emit.h"
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

/* ---- JSON and CSV: the same fields, nested in JSON, flat in CSV ---- */

static int timing_present(const struct uvc_printed *p, unsigned int i)
{
	if (i == UVC_T_SYNC_CPU)
		return !!(p->has & UVC_HAS_SYNC_CPU);
	if (i == UVC_T_SYNC_DEVICE)
		return !!(p->has & UVC_HAS_SYNC_DEVICE);
	return 1;
}

#define FIXED3	"%" PRIu64 ".%03" PRIu64

/* JSON: "timings_us": { "urb": { "total": ..., "avg": 1.234 }, ... } of the lines present. */
static void json_timings(struct uvc_emit *e, const struct uvc_printed *p)
{
	unsigned int i;

	uvc_emit_open(e, "timings_us", &uvc_json_lines);
	for (i = 0; i < UVC_T_COUNT; i++) {
		const struct uvc_timing_line *t = &p->t[i];

		if (!timing_present(p, i))
			continue;
		uvc_emit_open(e, uvc_timing_key[i], &uvc_json_inline);
		uvc_emit_num(e, "total", "%" PRIu64, t->total_us);
		uvc_emit_num(e, "count", "%" PRIu64, t->count);
		uvc_emit_num(e, "avg", FIXED3, US(t->avg_ns));
		uvc_emit_num(e, "std", FIXED3, US(t->std_ns));
		uvc_emit_num(e, "min", FIXED3, US(t->min_ns));
		uvc_emit_num(e, "max", FIXED3, US(t->max_ns));
		uvc_emit_close(e);
	}
	uvc_emit_close(e);
	uvc_emit_open(e, "speeds_bps", &uvc_json_inline);
	for (i = 0; i < UVC_S_COUNT; i++)
		uvc_emit_num(e, uvc_speed_key[i], "%" PRIu64, p->speed_bps[i]);
	uvc_emit_close(e);
}

/* CSV: urb_total_us, urb_count, urb_avg_us... for every line, empty when absent. */
static void csv_timings(struct uvc_emit *e, const struct uvc_printed *p)
{
	static const char *const field[6] = { "total_us", "count", "avg_us", "std_us", "min_us", "max_us" };
	char key[6][48];
	unsigned int i, f;

	for (i = 0; i < UVC_T_COUNT; i++) {
		const struct uvc_timing_line *t = &p->t[i];

		for (f = 0; f < 6; f++)
			snprintf(key[f], sizeof(key[f]), "%s_%s", uvc_timing_key[i], field[f]);
		if (!timing_present(p, i)) {
			for (f = 0; f < 6; f++)
				uvc_emit_null(e, key[f]);
			continue;
		}
		uvc_emit_num(e, key[0], "%" PRIu64, t->total_us);
		uvc_emit_num(e, key[1], "%" PRIu64, t->count);
		uvc_emit_num(e, key[2], FIXED3, US(t->avg_ns));
		uvc_emit_num(e, key[3], FIXED3, US(t->std_ns));
		uvc_emit_num(e, key[4], FIXED3, US(t->min_ns));
		uvc_emit_num(e, key[5], FIXED3, US(t->max_ns));
	}
	for (i = 0; i < UVC_S_COUNT; i++) {
		snprintf(key[0], sizeof(key[0]), "%s_bps", uvc_speed_key[i]);
		uvc_emit_num(e, key[0], "%" PRIu64, p->speed_bps[i]);
	}
}

/* JSON: "raw": { the stats_raw figures } when the input had them. */
static void json_raw(struct uvc_emit *e, const struct uvc_report *r)
{
	const struct uvc_raw *raw = &r->raw;
	unsigned int i;

	uvc_emit_open(e, "raw", &uvc_json_lines);
	uvc_emit_num(e, "version", "%" PRIu64, raw->version);
	uvc_emit_hint(e, UVC_EMIT_JOIN);
	uvc_emit_num(e, "streaming", "%" PRIu64, raw->streaming);
	uvc_emit_hint(e, UVC_EMIT_JOIN);
	uvc_emit_num(e, "bytes", "%" PRIu64, raw->bytes);
	uvc_emit_hint(e, UVC_EMIT_JOIN);
	uvc_emit_num(e, "duration_ns", "%" PRIu64, raw->duration_ns);
	uvc_emit_hint(e, UVC_EMIT_JOIN);
	uvc_emit_num(e, "sof_freq_hz", "%" PRIu64, raw->sof_freq_hz);
	for (i = 0; i < UVC_T_COUNT; i++) {
		if (!timing_present(&r->p, i))
			continue;
		uvc_emit_open(e, uvc_timing_key[i], &uvc_json_inline);
		uvc_emit_num(e, "count", "%" PRIu64, raw->t[i].count);
		uvc_emit_num(e, "sum_ns", "%" PRIu64, raw->t[i].sum_ns);
		uvc_emit_num(e, "sumsq_ns2", "%" PRIu64, raw->t[i].sumsq_ns2);
		uvc_emit_num(e, "min_ns", "%" PRIu64, raw->t[i].min_ns);
		uvc_emit_num(e, "max_ns", "%" PRIu64, raw->t[i].max_ns);
		uvc_emit_close(e);
	}
	uvc_emit_close(e);
}

void uvc_emit_report(struct uvc_emit *e, const struct uvc_report *r, const char *source)
{
	const struct uvc_printed *p = &r->p;
	int json = e->fmt == UVC_OUT_JSON;

	uvc_emit_str(e, "source", source);
	if (json)
		uvc_emit_str(e, "input_format", r->format == UVC_FMT_RAW ? "stats_raw" : "text");
	if (p->has & UVC_HAS_MODE)
		uvc_emit_str(e, "mode", p->mode);
	else
		uvc_emit_null(e, "mode");
	uvc_emit_num(e, "frames", "%" PRIu64, p->frames);
	uvc_emit_num(e, "packets", "%" PRIu64, p->packets);
	uvc_emit_num(e, "empty", "%" PRIu64, p->empty);
	uvc_emit_num(e, "empty_percent", "%" PRIu64, p->empty_pct);
	uvc_emit_num(e, "errors", "%" PRIu64, p->errors);
	uvc_emit_num(e, "invalid", "%" PRIu64, p->invalid);
	uvc_emit_num(e, "pts_early", "%" PRIu64, p->pts_early);
	uvc_emit_num(e, "pts_initial", "%" PRIu64, p->pts_initial);
	uvc_emit_num(e, "pts_ok", "%" PRIu64, p->pts_ok);
	uvc_emit_num(e, "scr_count_ok", "%" PRIu64, p->scr_count_ok);
	uvc_emit_num(e, "scr_diff_ok", "%" PRIu64, p->scr_diff_ok);
	uvc_emit_num(e, "sof_min", "%" PRIu64, p->sof_min);
	uvc_emit_num(e, "sof_max", "%" PRIu64, p->sof_max);
	uvc_emit_num(e, "sof_freq_khz", FIXED3, US(p->sof_freq_hz));
	uvc_emit_num(e, "bytes", "%" PRIu64, p->bytes);
	uvc_emit_num(e, "duration_ms", "%" PRIu64, p->duration_ms);
	uvc_emit_num(e, "fps", "%" PRIu64 ".%02" PRIu64, p->fps_x100 / 100, p->fps_x100 % 100);
	if (json)
		json_timings(e, p);
	else
		csv_timings(e, p);
	uvc_emit_num(e, "cpu_usage_percent", "%" PRIu64 ".%06" PRIu64,
		     p->cpu_upct / 1000000, p->cpu_upct % 1000000);
	if (json && r->has_raw)
		json_raw(e, r);
}

void uvc_render_report(struct buf *b, enum uvc_output_format fmt, const struct uvc_report *r,
		       const char *source)
{
	struct uvc_emit e;

	if (fmt == UVC_OUT_TEXT) {
		uvc_render_text(b, &r->p);
		return;
	}
	uvc_emit_init(&e, b, fmt);
	uvc_emit_begin(&e, &uvc_json_lines);
	uvc_emit_report(&e, r, source);
	uvc_emit_end(&e);
	uvc_emit_finish(&e);
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

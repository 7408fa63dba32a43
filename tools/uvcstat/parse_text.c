// SPDX-License-Identifier: GPL-2.0
/*
 * parse_text.c - a text block (the debugfs `stats` file, or a block pasted
 * from a changelog or a mail): the 18 lines of the changelog's block in
 * order, then the patched kernel's optional lines; any other line ends it.
 */
#include <stdio.h>
#include <string.h>

#include "derive.h"
#include "parse_lines.h"

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
	return uvc_match(l, pat, &t->total_us, &t->count, &t->avg_ns, &t->std_ns,
		     &t->min_ns, &t->max_ns);
}

/* Parses line ID of a block into P; 1 when it matches. */
static int match_block_line(enum uvc_line_id id, const struct uvc_line *l, struct uvc_printed *p)
{
	switch (id) {
	case UVC_L_FRAMES:
		return uvc_match(l, "frames: %u", &p->frames);
	case UVC_L_PACKETS:
		return uvc_match(l, "packets: %u", &p->packets);
	case UVC_L_EMPTY:
		return uvc_match(l, "empty: %u (%u %%)", &p->empty, &p->empty_pct);
	case UVC_L_ERRORS:
		return uvc_match(l, "errors: %u", &p->errors);
	case UVC_L_INVALID:
		return uvc_match(l, "invalid: %u", &p->invalid);
	case UVC_L_PTS:
		return uvc_match(l, "pts: %u early, %u initial, %u ok",
			     &p->pts_early, &p->pts_initial, &p->pts_ok);
	case UVC_L_SCR:
		return uvc_match(l, "scr: %u count ok, %u diff ok", &p->scr_count_ok, &p->scr_diff_ok);
	case UVC_L_SOF:
		return uvc_match(l, "sof: %u <= sof <= %u, freq %3 kHz",
			     &p->sof_min, &p->sof_max, &p->sof_freq_hz);
	case UVC_L_BYTES:
		return uvc_match(l, "bytes %u : duration %u", &p->bytes, &p->duration_ms);
	case UVC_L_FPS:
		return uvc_match(l, "FPS: %2", &p->fps_x100);
	case UVC_L_URB:
	case UVC_L_HEADER:
	case UVC_L_LATENCY:
	case UVC_L_DECODE:
		return match_timing(l, uvc_timing_label[id - UVC_L_URB], &p->t[id - UVC_L_URB]);
	case UVC_L_SPEED_DECODE:
		return uvc_match(l, "raw decode speed: %b", &p->speed_bps[UVC_S_DECODE]);
	case UVC_L_SPEED_URB:
		return uvc_match(l, "raw URB handling speed: %b", &p->speed_bps[UVC_S_URB]);
	case UVC_L_THROUGHPUT:
		return uvc_match(l, "throughput: %b", &p->speed_bps[UVC_S_THROUGHPUT]);
	case UVC_L_CPU:
		return uvc_match(l, "URB decode CPU usage %6 %%", &p->cpu_upct);
	case UVC_L_SYNC_CPU:
		return match_timing(l, "sync for cpu", &p->t[UVC_T_SYNC_CPU]);
	case UVC_L_SYNC_DEVICE:
		return match_timing(l, "sync for device", &p->t[UVC_T_SYNC_DEVICE]);
	case UVC_L_MODE:
		return uvc_match(l, "URB allocation: %w", p->mode);
	default:
		return 0;
	}
}

int uvc_text_block_start(const struct uvc_line *l)
{
	u64 v;

	return !l->has_nul && uvc_match(l, "frames: %u", &v);
}

int uvc_parse_text(struct uvc_lines *it, unsigned int block, struct uvc_report *r,
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
		if (uvc_text_block_start(&l) && ++found == block)
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
		if (!uvc_has_prefix(&l, line_prefix[id]))
			return uvc_error(err, l.no, "expected the '%s' line, got '%s'",
					 line_prefix[id], ex);
		if (!match_block_line((enum uvc_line_id)id, &l, &r->p))
			return uvc_error(err, l.no, "malformed '%s' line: '%s'", line_prefix[id], ex);
		r->line[id] = l.no;
	}

	/* Extra lines of the patched kernel, in any order, each at most once. */
	while (uvc_next_line(it, &l)) {
		for (id = UVC_L_BLOCK; id < UVC_L_COUNT; id++)
			if (uvc_has_prefix(&l, line_prefix[id]))
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

// SPDX-License-Identifier: GPL-2.0
/*
 * parse.c - reports from a buffer: tells text from stats_raw and hands
 * the input to parse_text.c or parse_raw.c (lines: parse_lines.c).
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
#include <string.h>

#include "parse_lines.h"
#include "urb_alloc_modes.h"

int uvc_mode_known(const char *mode)
{
	return urb_alloc_mode_parse(mode) >= 0;
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
		if (uvc_text_block_start(&l)) {
			text = 1;
			break;
		}
		if (!raw && l.n && l.s[0] != '#' && !l.has_nul)
			raw = uvc_raw_key_len(&l) ? 1 : -1;
	}
	it.pos = buf;
	it.no = 0;
	if (text)
		return uvc_parse_text(&it, block, r, err);
	if (raw == 1) {
		if (block != 1)
			return uvc_error(err, 0, "stats_raw input holds one report, not %u", block);
		return uvc_parse_raw(&it, r, err);
	}
	if (len == 0)
		return uvc_error(err, 0, "empty input: no statistics report");
	return uvc_error(err, 0, "no statistics report found (no 'frames: N' line, no key=value lines)");
}

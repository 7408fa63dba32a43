// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_report.c - `uvcstat report`: read reports, print them normalised
 * (text in the changelog's exact format, JSON, CSV or stats_raw).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "emit.h"
#include "report_file.h"
#include "reconstruct.h"
#include "render.h"
#include "uvcstat.h"

static const char report_usage[] =
	"usage: uvcstat report [--text | --json | --csv | --raw] [--block N]\n"
	"                      [--legacy-std] [--fix-std] [FILE...]\n"
	"Reads uvcvideo statistics (debugfs 'stats' text, 'stats_raw', or a block\n"
	"pasted from a changelog or mail; FILE '-' or none = stdin) and prints them\n"
	"normalised: --text (default, the changelog's exact format), --json, --csv\n"
	"(one header, one row per FILE), --raw (stats_raw; from text, raw figures that\n"
	"print exactly that block). --block N: the N-th block of a text input.\n"
	"--legacy-std: std as the original 20e1dbf2bbe2 test patch printed it (32-bit\n"
	"overflow above a 65.535 us average): applies when deriving text from raw\n"
	"figures and, with --raw, when building raw figures from text.\n"
	"--fix-std: text input printed by that patch gets its std corrected.\n";

static int render_one(struct uvc_emit *e, const char *path, const struct uvc_load_opts *o,
		      const struct uvc_report *r)
{
	struct uvc_parse_error err;
	struct uvc_raw raw;

	switch (e->fmt) {
	case UVC_OUT_TEXT:
		uvc_render_text(e->out, &r->p);
		break;
	case UVC_OUT_JSON:
	case UVC_OUT_CSV:
		uvc_emit_begin(e, &uvc_json_lines);
		uvc_emit_report(e, r, uvc_source_name(path));
		uvc_emit_end(e);
		break;
	case UVC_OUT_RAW:
		if (uvc_reconstruct(r, o->legacy_std || o->fix_std, &raw, &err)) {
			if (err.line)
				return uvc_fail(EXIT_MALFORMED, "%s:%u: %s", path, err.line, err.msg);
			return uvc_fail(EXIT_MALFORMED, "%s: %s", path, err.msg);
		}
		uvc_render_raw(e->out, &raw);
		break;
	default:
		break;
	}
	return EXIT_OK;
}

static const struct option report_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "block", required_argument, NULL, 'b' },
	{ "legacy-std", no_argument, NULL, 'L' },
	{ "fix-std", no_argument, NULL, 'F' },
	{ 0 }
};

int cmd_report(int argc, char **argv)
{
	struct uvc_load_opts o = { 0, 0, 0 };
	enum uvc_output_format fmt = UVC_OUT_TEXT;
	struct buf out = { 0 };
	const char **files;
	int nfiles = 0, i, ret = EXIT_OK, opt;
	struct uvc_report r;
	struct uvc_cli cli;
	struct uvc_emit e;

	uvc_emit_init(&e, &out, fmt);
	files = calloc((size_t)argc + 1, sizeof(*files));
	if (!files)
		return uvc_fail(EXIT_INTERNAL, "out of memory");
	uvc_cli_init(&cli, argc, argv, "h", report_options,
		     UVC_OUT_MASK(TEXT) | UVC_OUT_MASK(JSON) | UVC_OUT_MASK(CSV) | UVC_OUT_MASK(RAW), 1);
	while ((opt = uvc_cli_next(&cli)) != UVC_CLI_END) {
		switch (opt) {
		case UVC_CLI_OPERAND:
			files[nfiles++] = cli.value;
			break;
		case 'h':
			fputs(report_usage, stdout);
			goto out;
		case UVC_CLI_FORMAT:
			fmt = cli.format;
			break;
		case 'L':
			o.legacy_std = 1;
			break;
		case 'F':
			o.fix_std = 1;
			break;
		case 'b':
			ret = uvc_parse_uint_arg("report", "--block", cli.value, &o.block);
			if (ret)
				goto out;
			break;
		default:
			ret = uvc_fail(EXIT_USAGE, "report: unknown option '%s' (see uvcstat report --help)",
				       cli.arg);
			goto out;
		}
	}
	if (nfiles == 0)
		files[nfiles++] = "-";
	if (fmt == UVC_OUT_RAW && nfiles > 1) {
		ret = uvc_fail(EXIT_USAGE, "report: --raw takes one input, got %d", nfiles);
		goto out;
	}
	uvc_emit_init(&e, &out, fmt);
	if (nfiles > 1)		/* JSON: an array of the reports */
		uvc_emit_open(&e, NULL, &uvc_json_records);
	for (i = 0; i < nfiles; i++) {
		ret = uvc_load_report(files[i], &o, &r);
		if (ret)
			goto out;
		if (fmt == UVC_OUT_TEXT && nfiles > 1)
			buf_printf(&out, "%s==> %s <==\n", i ? "\n" : "", files[i]);
		ret = render_one(&e, files[i], &o, &r);
		if (ret)
			goto out;
	}
	if (nfiles > 1)
		uvc_emit_close(&e);
	uvc_emit_finish(&e);
	ret = uvc_write_output(&out);
out:
	uvc_emit_finish(&e);
	buf_free(&out);
	free(files);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_trace.c - `uvcstat trace`: the URB timing statistics from the
 * uvcvideo trace events of a trace.dat (libtracecmd, trace_read.c), paired
 * per stream and URB (tracepair.c), printed like `report`, and optionally
 * cross-checked against a debugfs stats_raw (crosscheck.c).
 *
 * Built without libtracecmd (TRACE=0: the static arm64 build), the command
 * parses its arguments and exits with EXIT_NOT_IMPLEMENTED.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "crosscheck.h"
#include "derive.h"
#include "emit.h"
#include "report_file.h"
#include "reconstruct.h"
#include "render.h"
#include "tracepair.h"
#include "uvcstat.h"
#ifdef UVCSTAT_TRACECMD
#include "trace_read.h"
#endif

static const char trace_usage[] =
	"usage: uvcstat trace [--text | --json | --csv | --samples] [--stream NAME] [--session N]\n"
	"                     [--cross-check STATS_RAW [--tolerance PCT] [--abs-tolerance US]]\n"
	"                     FILE.dat\n"
	"Computes the URB statistics (URB, header, latency, decode, sync for cpu, sync\n"
	"for device, bytes) from the uvcvideo trace events of a trace.dat recorded with\n"
	"'trace-cmd record -e uvcvideo -e dma', one report per stream session\n"
	"(STREAMON..STREAMOFF), in the format of 'uvcstat report'. frames, packets,\n"
	"empty and errors are estimated from uvcvideo_decode_header; pts, scr and sof\n"
	"are not in the events (printed as uvcvideo's initial values).\n"
	"--stream NAME: only that stream (e.g. 1-1:1.1); --session N: only the N-th.\n"
	"--samples: instead of the reports, one CSV row per URB cycle (a completion\n"
	"and the intervals that belong to it): session,stream,mode,urb,seq,\n"
	"complete_ns, urb_ns ... sync_device_ns (empty where the trace does not show\n"
	"the interval), bytes; for distributions and time series.\n"
	"--cross-check STATS_RAW: compare one session (--session N, default the last)\n"
	"with a debugfs stats_raw of the same stream: counts and bytes must be equal\n"
	"when the trace covers the whole stream, averages without the largest sample\n"
	"within --tolerance PCT (default 10) percent or --abs-tolerance US (default\n"
	"25) microseconds, whichever is larger. The report and the table go to\n"
	"stdout; exit 16 when a figure is outside tolerance.\n";

struct trace_opts {
	enum uvc_output_format fmt;
	const char *file, *stream, *xcheck;
	unsigned int session;		/* 1-based, 0 = all (or the last with --cross-check) */
	int samples;			/* --samples: per-URB CSV rows instead of reports */
	int fmt_given;
	struct uvc_xcheck_opts x;
};

static int parse_double(const char *opt, const char *s, double max, double *v)
{
	char *end;

	if (!s)
		return uvc_fail(EXIT_USAGE, "trace: %s needs a number", opt);
	*v = strtod(s, &end);
	if (end == s || *end || !(*v >= 0) || *v > max)
		return uvc_fail(EXIT_USAGE, "trace: %s needs a number from 0 to %g, got '%s'", opt, max, s);
	return 0;
}

static const struct option trace_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "stream", required_argument, NULL, 'S' },
	{ "session", required_argument, NULL, 'n' },
	{ "cross-check", required_argument, NULL, 'x' },
	{ "tolerance", required_argument, NULL, 'p' },
	{ "abs-tolerance", required_argument, NULL, 'a' },
	{ "samples", no_argument, NULL, 's' },
	{ 0 }
};

static int parse_args(int argc, char **argv, struct trace_opts *o)
{
	struct uvc_cli cli;
	double d;
	int ret, opt;

	memset(o, 0, sizeof(*o));
	o->x.rel_pct = UVC_XCHECK_REL_DEFAULT;
	o->x.abs_ns = UVC_XCHECK_ABS_DEFAULT;
	uvc_cli_init(&cli, argc, argv, "h", trace_options,
		     UVC_OUT_MASK(TEXT) | UVC_OUT_MASK(JSON) | UVC_OUT_MASK(CSV), 0);
	while ((opt = uvc_cli_next(&cli)) != UVC_CLI_END) {
		const char *a = cli.opt, *v = cli.value;

		switch (opt) {
		case UVC_CLI_OPERAND:
			if (o->file)
				return uvc_fail(EXIT_USAGE, "trace: one trace file, got '%s' and '%s'",
						o->file, v);
			o->file = v;
			break;
		case 'h':
			fputs(trace_usage, stdout);
			return -1;
		case UVC_CLI_FORMAT:
			o->fmt = cli.format;
			o->fmt_given = 1;
			break;
		case 's':
			o->samples = 1;
			break;
		case 'n':
			ret = uvc_parse_uint_arg("trace", a, v, &o->session);
			if (ret)
				return ret;
			break;
		case 'S':
		case 'x':
			if (!v)
				return uvc_fail(EXIT_USAGE, "trace: %s needs a value", a);
			if (opt == 'S')
				o->stream = v;
			else
				o->xcheck = v;
			break;
		case 'p':
			ret = parse_double(a, v, 1000, &o->x.rel_pct);
			if (ret)
				return ret;
			break;
		case 'a':
			ret = parse_double(a, v, 1e9, &d);
			if (ret)
				return ret;
			o->x.abs_ns = (u64)(d * 1000 + 0.5);
			break;
		default:
			return uvc_fail(EXIT_USAGE, "trace: unknown option '%s' (see uvcstat trace --help)",
					cli.arg);
		}
	}
	if (!o->file)
		return uvc_fail(EXIT_USAGE, "trace: missing FILE.dat (see uvcstat trace --help)");
	if (o->xcheck && o->fmt != UVC_OUT_TEXT)
		return uvc_fail(EXIT_USAGE, "trace: --cross-check prints text only (no --json or --csv)");
	if (o->samples && (o->fmt_given || o->xcheck))
		return uvc_fail(EXIT_USAGE, "trace: --samples writes its own CSV (no --text, --json, --csv "
				"or --cross-check with it)");
	return 0;
}

#ifdef UVCSTAT_TRACECMD

/* Why a session does not cover the whole stream. */
static const char *partial_reason(const struct uvc_trace_session *s)
{
	if (s->lost)
		return "partial: the trace lost events";
	if (!s->started_clean)
		return "partial: started before the trace";
	if (!s->stopped)
		return "partial: still streaming when the trace ended";
	return "partial: URBs seen without their initial submission";
}

static void to_report(const struct uvc_trace_session *s, struct uvc_report *r)
{
	memset(r, 0, sizeof(*r));
	r->format = UVC_FMT_RAW;
	r->has_raw = 1;
	r->raw = s->raw;
	uvc_derive(&s->raw, 0, &r->p);
}

/* JSON and CSV: one record per session, "FILE#K"; JSON adds the session's trace facts. */
static void render_session(struct uvc_emit *e, const struct uvc_report *r, const char *file,
			   const struct uvc_trace_session *s, unsigned int k, const char *stream)
{
	char source[512];

	snprintf(source, sizeof(source), "%s#%u", uvc_source_name(file), k);
	uvc_emit_begin(e, &uvc_json_lines);
	uvc_emit_report(e, r, source);
	if (e->fmt == UVC_OUT_JSON) {
		uvc_emit_open(e, "trace", &uvc_json_inline);
		uvc_emit_str(e, "stream", stream);
		uvc_emit_num(e, "session", "%u", k);
		uvc_emit_num(e, "whole", "%s", s->whole ? "true" : "false");
		uvc_emit_num(e, "urbs", "%u", s->urbs);
		uvc_emit_num(e, "unpaired", "%" PRIu64, s->unpaired);
		uvc_emit_num(e, "first_ns", "%" PRIu64, s->first_ts);
		uvc_emit_num(e, "last_ns", "%" PRIu64, s->last_ts);
		uvc_emit_close(e);
	}
	uvc_emit_end(e);
}

static int cross_check(struct buf *out, const struct trace_opts *o, const struct uvc_trace_session *s,
		       int *mismatch)
{
	struct uvc_load_opts lo = { 0, 0, 0 };
	struct uvc_xcheck_opts x = o->x;
	struct uvc_xcheck_result res;
	struct uvc_parse_error err;
	struct uvc_report st;
	struct uvc_raw raw;
	int ret;

	ret = uvc_load_report(o->xcheck, &lo, &st);
	if (ret)
		return ret;
	raw = st.raw;
	if (!st.has_raw && uvc_reconstruct(&st, 0, &raw, &err))
		return uvc_fail(EXIT_MALFORMED, "%s: %s", o->xcheck, err.msg);
	if ((raw.has & UVC_HAS_MODE) && (s->raw.has & UVC_HAS_MODE) && strcmp(raw.mode, s->raw.mode))
		return uvc_fail(EXIT_INCOMPATIBLE, "trace: %s is of a %s stream, the trace session of a %s one",
				o->xcheck, raw.mode, s->raw.mode);
	x.whole = s->whole;
	buf_printf(out, "\ncross-check: trace against %s\n", o->xcheck);
	uvc_crosscheck(out, &s->raw, &raw, &x, &res);
	*mismatch = res.failed > 0;
	return EXIT_OK;
}

static int run_trace(const struct trace_opts *o)
{
	struct uvc_trace_events te;
	struct uvc_trace_result tr;
	struct buf out = { 0 };
	struct uvc_report r;
	struct uvc_emit e;
	size_t *sel = NULL, nsel = 0, i;
	int ret, mismatch = 0;

	ret = uvc_trace_load(o->file, &te);
	if (ret)
		return ret;
	if ((o->samples ? uvc_trace_pair_samples : uvc_trace_pair)(te.ev, te.n, &tr)) {
		uvc_trace_events_free(&te);
		return uvc_fail(EXIT_INTERNAL, "out of memory");
	}
	sel = calloc(tr.n + 1, sizeof(*sel));
	if (!sel) {
		ret = uvc_fail(EXIT_INTERNAL, "out of memory");
		goto out;
	}
	for (i = 0; i < tr.n; i++)
		if (!o->stream || strcmp(te.streams[tr.s[i].stream], o->stream) == 0)
			sel[nsel++] = i;
	if (!tr.n) {
		ret = uvc_fail(EXIT_NO_STATS, "%s: the trace knows the uvcvideo events but recorded none "
			       "(no stream ran during trace-cmd record)", o->file);
		goto out;
	}
	if (!nsel) {
		ret = uvc_fail(EXIT_USAGE, "trace: no stream '%s' in %s (first stream: %s)",
			       o->stream, o->file, te.streams[tr.s[0].stream]);
		goto out;
	}
	if (o->session > nsel) {
		ret = uvc_fail(EXIT_USAGE, "trace: --session %u: %s has %zu session%s", o->session,
			       o->file, nsel, nsel == 1 ? "" : "s");
		goto out;
	}
	if (o->session) {
		sel[0] = sel[o->session - 1];
		nsel = 1;
	} else if (o->xcheck) {
		sel[0] = sel[nsel - 1];
		nsel = 1;
	}
	if (o->samples) {
		uvc_render_samples_csv(&out, &tr, sel, nsel, te.streams);
		ret = uvc_write_output(&out);
		goto out;
	}
	uvc_emit_init(&e, &out, o->fmt);
	if (nsel > 1)		/* JSON: an array of the sessions */
		uvc_emit_open(&e, NULL, &uvc_json_records);
	for (i = 0; i < nsel; i++) {
		const struct uvc_trace_session *s = &tr.s[sel[i]];
		const char *stream = te.streams[s->stream];
		unsigned int k = (unsigned int)sel[i] + 1;

		to_report(s, &r);
		if (o->fmt == UVC_OUT_TEXT) {
			buf_printf(&out, "%s==> %s: session %u of %zu: stream %s, %s, %s <==\n",
				   i ? "\n" : "", o->file, k, tr.n, stream,
				   s->raw.has & UVC_HAS_MODE ? s->raw.mode : "mode unknown",
				   s->whole ? "whole stream" : partial_reason(s));
			uvc_render_text(&out, &r.p);
		} else {
			render_session(&e, &r, o->file, s, k, stream);
		}
	}
	if (nsel > 1)
		uvc_emit_close(&e);
	uvc_emit_finish(&e);
	if (o->xcheck) {
		ret = cross_check(&out, o, &tr.s[sel[0]], &mismatch);
		if (ret)
			goto out;
	}
	ret = uvc_write_output(&out);
	if (!ret && mismatch)
		ret = uvc_fail(EXIT_MISMATCH, "trace: cross-check against %s: figures outside tolerance "
			       "(see the table)", o->xcheck);
out:
	free(sel);
	buf_free(&out);
	uvc_trace_result_free(&tr);
	uvc_trace_events_free(&te);
	return ret;
}

#endif /* UVCSTAT_TRACECMD */

int cmd_trace(int argc, char **argv)
{
	struct trace_opts o;
	int ret = parse_args(argc, argv, &o);

	if (ret)
		return ret < 0 ? (fflush(stdout) ? EXIT_INTERNAL : EXIT_OK) : ret;
#ifdef UVCSTAT_TRACECMD
	return run_trace(&o);
#else
	return uvc_fail(EXIT_NOT_IMPLEMENTED,
			"trace: this uvcstat is built without libtracecmd (TRACE=0, like the static "
			"arm64 build): read %s with the host build, build/host/bin/uvcstat", o.file);
#endif
}

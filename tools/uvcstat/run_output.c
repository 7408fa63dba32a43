// SPDX-License-Identifier: GPL-2.0
/*
 * run_output.c - `uvcstat run`'s output: the report like `uvcstat
 * report`, headed (text) or extended (JSON, CSV) by what was captured and
 * where it was measured.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "render.h"
#include "run.h"

static const char *mode_of(const struct uvc_report *r, const struct uvc_platform *pf)
{
	if (r->p.has & UVC_HAS_MODE)
		return r->p.mode;
	return pf->urb_alloc[0] ? pf->urb_alloc : "unknown";
}

void run_render_header(struct buf *b, const struct run_ctx *x, const struct uvc_capture *c,
			  const struct uvc_report *r, const struct uvc_platform *pf)
{
	const struct uvc_capture_opts *o = &x->o->cap;
	char cc[5], line[160];

	uvc_fourcc_str(c->fourcc, cc);
	buf_printf(b, "# uvcstat run: %s (%s, USB %04x:%04x '%s'), statistics %s\n", o->dev, c->card,
		   x->loc.vid, x->loc.pid, x->loc.product, x->stats_path);
	buf_printf(b, "# measured on: kernel %s %s, URB allocation %s, %s, CPU %s\n", pf->kernel,
		   pf->arch, mode_of(r, pf), pf->machine, pf->cpu);
	buf_printf(b, "# capture: %s %ux%u, interval %u/%u s, %u buffers: %" PRIu64 " frames, %" PRIu64
		   " bytes in %.3f s (%.2f fps)", cc, c->width, c->height, c->tpf_num, c->tpf_den,
		   c->nbufs, c->frames, c->bytes, c->seconds,
		   c->seconds > 0 ? (double)c->frames / c->seconds : 0.0);
	if (c->flagged)
		buf_printf(b, ", %" PRIu64 " buffers flagged ERROR", c->flagged);
	buf_puts(b, "\n");
	if (strcmp(pf->timing_stats, "N") == 0)
		buf_puts(b, "# uvcvideo timing_stats=N: the URB intervals were not timed (all 0)\n");
	switch (c->verify) {
	case UVC_VERIFY_CHECKING:
		fs_summary(&c->v, line, sizeof(line));
		buf_printf(b, "# verified (framestamp): %s (uvcvideo reordered %" PRIu64 ")\n", line,
			   c->host_reordered);
		break;
	case UVC_VERIFY_UNSTAMPED:
		buf_puts(b, "# frames not checked: they carry no framestamp (only the virtual camera, "
			 "tools/vcam, stamps its frames)\n");
		break;
	default:	/* --no-verify */
		buf_puts(b, "# not verified: --no-verify\n");
		break;
	}
}

/* JSON and CSV: the report's fields, then where it was measured and what was captured. */
void run_render_record(struct uvc_emit *e, const struct run_ctx *x, const struct uvc_capture *c,
			  const struct uvc_report *r, const struct uvc_platform *pf)
{
	int json = e->fmt == UVC_OUT_JSON, verified = c->verify == UVC_VERIFY_CHECKING;
	char cc[5], s[32];

	uvc_fourcc_str(c->fourcc, cc);
	uvc_emit_begin(e, &uvc_json_lines);
	uvc_emit_report(e, r, "run");
	if (json) {
		uvc_emit_open(e, "measured", &uvc_json_inline);
		uvc_emit_str(e, "kernel", pf->kernel);
		uvc_emit_str(e, "arch", pf->arch);
		uvc_emit_str(e, "urb_alloc", mode_of(r, pf));
		if (pf->emulated == 1 || pf->emulated == 2)
			uvc_emit_str(e, "emulated", pf->emulated == 1 ? "tcg" : "kvm");
		else
			uvc_emit_null(e, "emulated");
		uvc_emit_str(e, "machine", pf->machine);
		uvc_emit_str(e, "cpu", pf->cpu);
		uvc_emit_close(e);
		uvc_emit_open(e, "run", &uvc_json_inline);
		uvc_emit_str(e, "device", x->o->cap.dev);
		uvc_emit_str(e, "card", c->card);
		snprintf(s, sizeof(s), "%04x:%04x", x->loc.vid, x->loc.pid);
		uvc_emit_str(e, "usb_id", s);
		uvc_emit_str(e, "stats", x->stats_path);
		uvc_emit_hint(e, UVC_EMIT_BREAK);
	} else {
		uvc_emit_quoted(e, "kernel", pf->kernel);
		uvc_emit_quoted(e, "arch", pf->arch);
		uvc_emit_quoted(e, "machine", pf->machine);
		uvc_emit_quoted(e, "cpu", pf->cpu);
		uvc_emit_quoted(e, "device", x->o->cap.dev);
	}
	if (json)
		uvc_emit_str(e, "format", cc);
	else
		uvc_emit_num(e, "format", "%s", cc);
	uvc_emit_num(e, "width", "%u", c->width);
	uvc_emit_num(e, "height", "%u", c->height);
	snprintf(s, sizeof(s), "%u/%u", c->tpf_num, c->tpf_den);
	if (json) {
		uvc_emit_str(e, "interval", s);
		uvc_emit_num(e, "buffers", "%u", c->nbufs);
	} else {
		uvc_emit_num(e, "interval", "%s", s);
	}
	uvc_emit_num(e, json ? "frames" : "captured_frames", "%" PRIu64, c->frames);
	uvc_emit_num(e, json ? "bytes" : "captured_bytes", "%" PRIu64, c->bytes);
	uvc_emit_num(e, "seconds", "%.3f", c->seconds);
	if (json) {
		uvc_emit_num(e, "flagged", "%" PRIu64, c->flagged);
		uvc_emit_hint(e, UVC_EMIT_BREAK);
		if (!verified)
			uvc_emit_null(e, "verify");
		else
			uvc_emit_open(e, "verify", &uvc_json_inline);
	}
	if (verified || !json) {
		const char *const key[5] = {
			json ? "ok" : "verified_ok", "dropped", "corrupt", "out_of_order", "host_reordered",
		};
		const u64 v[5] = { c->v.ok, c->v.dropped, c->v.corrupt, c->v.out_of_order, c->host_reordered };
		unsigned int i;

		for (i = 0; i < (json ? 5u : 4u); i++)
			if (verified)
				uvc_emit_num(e, key[i], "%" PRIu64, v[i]);
			else
				uvc_emit_null(e, key[i]);
	}
	if (json && verified)
		uvc_emit_close(e);	/* verify */
	if (json)
		uvc_emit_close(e);	/* run */
	uvc_emit_end(e);
}

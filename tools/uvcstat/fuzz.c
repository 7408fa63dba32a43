// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz.c - libFuzzer harness of the parsers and renderers:
 *   make fuzz OUT=...   (clang, -fsanitize=fuzzer,address,undefined)
 *   $(OUT)/obj/uvcstat/uvcstat-fuzz -max_total_time=60 CORPUS_DIR
 * Seeds: the reference blocks and the files of tests/host/fixtures/uvcstat.
 * Also builds with AFL++'s afl-clang-fast -fsanitize=fuzzer.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "buf.h"
#include "derive.h"
#include "parse.h"
#include "reconstruct.h"
#include "render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct uvc_parse_error err;
	struct uvc_report r;
	struct uvc_raw raw;
	struct buf b = { 0 };
	unsigned int block = size ? data[0] % 3 : 0;

	if (uvc_parse_report((const char *)data, size, block, &r, &err) == 0) {
		uvc_render_text(&b, &r.p);
		uvc_render_report(&b, UVC_OUT_JSON, &r, "fuzz");
		uvc_render_report(&b, UVC_OUT_CSV, &r, "fuzz");
		if (uvc_reconstruct(&r, size & 1, &raw, &err) == 0) {
			uvc_derive(&raw, 0, &r.p);
			uvc_render_raw(&b, &raw);
		}
		if (r.has_raw)
			uvc_derive(&r.raw, 1, &r.p);
	} else if (err.msg[0] == '\0' || memchr(err.msg, '\n', strlen(err.msg))) {
		__builtin_trap();	/* every error is one non-empty line */
	}
	buf_free(&b);
	return 0;
}

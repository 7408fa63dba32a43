// SPDX-License-Identifier: GPL-2.0
/* report_file.c - one input file to one report, with the std options applied. */
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "report_file.h"
#include "parse.h"
#include "reconstruct.h"
#include "uvcstat.h"

const char *uvc_source_name(const char *path)
{
	const char *slash;

	if (strcmp(path, "-") == 0)
		return "stdin";
	slash = strrchr(path, '/');
	return slash && slash[1] ? slash + 1 : path;
}

static int parse_failed(const char *path, const struct uvc_parse_error *err)
{
	if (err->line)
		return uvc_fail(EXIT_MALFORMED, "%s:%u: %s", path, err->line, err->msg);
	return uvc_fail(EXIT_MALFORMED, "%s: %s", path, err->msg);
}

int uvc_load_report(const char *path, const struct uvc_load_opts *o, struct uvc_report *r)
{
	struct uvc_parse_error err;
	struct uvc_raw raw;
	size_t len;
	char *data;
	int ret;

	ret = uvc_read_input(path, &data, &len);
	if (ret)
		return ret;
	ret = uvc_parse_report(data, len, o->block, r, &err);
	free(data);
	if (ret)
		return parse_failed(path, &err);
	if (r->has_raw && o->legacy_std)
		uvc_derive(&r->raw, 1, &r->p);
	if (!r->has_raw && o->fix_std) {
		if (uvc_reconstruct(r, 1, &raw, &err))
			return parse_failed(path, &err);
		uvc_derive(&raw, 0, &r->p);
		r->fixed_std = 1;
	}
	return EXIT_OK;
}

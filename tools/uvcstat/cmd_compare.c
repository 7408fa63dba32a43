// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_compare.c - `uvcstat compare`: reports side by side, one column per
 * group of runs, with the speedup of every column over the first for each
 * timing and speed line, and the summary a reviewer quotes.
 *
 * A group is one report (columns titled by file name), or, with --label,
 * every file after `--label NAME` up to the next --label. A group's value
 * is the median of its runs; the speedup is the ratio of the medians with
 * a 95% percentile-bootstrap interval (sample_stats.c) when a group has several
 * runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compare.h"
#include "report_file.h"
#include "uvcstat.h"

static const char compare_usage[] =
	"usage: uvcstat compare [--fix-std] [--legacy-std] FILE FILE...\n"
	"       uvcstat compare [--fix-std] [--legacy-std] --label NAME FILE... --label NAME FILE...\n"
	"Prints reports side by side: one column per FILE (titled by its name), or per\n"
	"--label group (the median of its runs). The first column is the baseline; the\n"
	"speedup columns give, for every timing line, baseline time / column time and,\n"
	"for every speed line, column speed / baseline speed (above 1 = faster). With\n"
	"several runs in a group: ratio of medians and its 95% confidence interval\n"
	"(percentile bootstrap, 10000 resamples, fixed seed). --fix-std and\n"
	"--legacy-std as for uvcstat report.\n"
	"--json / --csv: one record per (metric, column): metric, label, unit, column,\n"
	"runs, value, speedup, ci_lo, ci_hi (see uvcstat(1)); not both.\n";

#define LABEL_MAX 64

/* A column title from a file name: its base name without .txt or .raw. */
static const char *label_of(const char *path, char *dst)
{
	const char *name = uvc_source_name(path);
	size_t n = strlen(name);

	if (n > 4 && (strcmp(name + n - 4, ".txt") == 0 || strcmp(name + n - 4, ".raw") == 0))
		n -= 4;
	if (n >= LABEL_MAX)
		n = LABEL_MAX - 1;
	memcpy(dst, name, n);
	dst[n] = '\0';
	return dst;
}

static const struct option compare_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "label", required_argument, NULL, 'l' },
	{ "fix-std", no_argument, NULL, 'F' },
	{ "legacy-std", no_argument, NULL, 'L' },
	{ 0 }
};

int cmd_compare(int argc, char **argv)
{
	struct uvc_load_opts o = { 0, 0, 0 };
	struct uvc_report *reps = calloc((size_t)argc, sizeof(*reps));
	struct group *groups = calloc((size_t)argc, sizeof(*groups));
	const char **paths = calloc((size_t)argc, sizeof(*paths));
	char (*labels)[LABEL_MAX] = calloc((size_t)argc, LABEL_MAX);
	int nrep = 0, ngroups = 0, labelled = 0, i, ret = EXIT_OK, opt;
	enum uvc_output_format fmt = UVC_OUT_TEXT;
	struct buf out = { 0 };
	struct uvc_cli cli;
	struct compare c;

	if (!reps || !groups || !paths || !labels) {
		ret = uvc_fail(EXIT_INTERNAL, "out of memory");
		goto out;
	}
	uvc_cli_init(&cli, argc, argv, "h", compare_options, UVC_OUT_MASK(JSON) | UVC_OUT_MASK(CSV), 1);
	while ((opt = uvc_cli_next(&cli)) != UVC_CLI_END) {
		const char *a = cli.value;

		switch (opt) {
		case UVC_CLI_OPERAND:
			if (!labelled) {	/* each file its own column */
				groups[ngroups].label = label_of(a, labels[ngroups]);
				groups[ngroups].first = nrep;
				ngroups++;
			} else if (ngroups == 0) {
				ret = uvc_fail(EXIT_USAGE, "compare: '%s' comes before the first --label", a);
				goto out;
			}
			groups[ngroups - 1].n++;
			paths[nrep++] = a;
			break;
		case 'h':
			fputs(compare_usage, stdout);
			goto out;
		case UVC_CLI_FORMAT:
			if (fmt != UVC_OUT_TEXT && fmt != cli.format) {
				ret = uvc_fail(EXIT_USAGE, "compare: --json and --csv are exclusive");
				goto out;
			}
			fmt = cli.format;
			break;
		case 'F':
			o.fix_std = 1;
			break;
		case 'L':
			o.legacy_std = 1;
			break;
		case 'l':
			if (!a || !*a) {
				ret = uvc_fail(EXIT_USAGE, "compare: --label needs a name");
				goto out;
			}
			if (!labelled && ngroups) {
				ret = uvc_fail(EXIT_USAGE, "compare: '%s' comes before the first --label",
					       paths[0]);
				goto out;
			}
			if (labelled && groups[ngroups - 1].n == 0) {
				ret = uvc_fail(EXIT_USAGE, "compare: --label %s has no file",
					       groups[ngroups - 1].label);
				goto out;
			}
			labelled = 1;
			groups[ngroups].label = a;
			groups[ngroups].first = nrep;
			ngroups++;
			break;
		default:
			ret = uvc_fail(EXIT_USAGE, "compare: unknown option '%s' (see uvcstat compare --help)",
				       cli.arg);
			goto out;
		}
	}
	if (labelled && groups[ngroups - 1].n == 0) {
		ret = uvc_fail(EXIT_USAGE, "compare: --label %s has no file", groups[ngroups - 1].label);
		goto out;
	}
	if (ngroups < 2) {
		ret = uvc_fail(EXIT_USAGE, "compare: needs at least two reports or two --label groups");
		goto out;
	}
	if (ngroups > 16) {
		ret = uvc_fail(EXIT_USAGE, "compare: at most 16 columns, got %d", ngroups);
		goto out;
	}
	for (i = 0; i < nrep; i++) {
		ret = uvc_load_report(paths[i], &o, &reps[i]);
		if (ret)
			goto out;
	}
	c.groups = groups;
	c.ngroups = ngroups;
	c.reps = reps;
	c.nrep = nrep;
	c.paths = paths;
	ret = compare_check(&c);
	if (ret)
		goto out;
	if (compare_init(&c)) {
		ret = uvc_fail(EXIT_INTERNAL, "out of memory");
		goto out;
	}
	if (fmt == UVC_OUT_TEXT)
		compare_render_table(&out, &c);
	else
		compare_render_records(&out, fmt, &c);
	compare_free(&c);
	ret = uvc_write_output(&out);
out:
	buf_free(&out);
	free(reps);
	free(groups);
	free(paths);
	free(labels);
	return ret;
}

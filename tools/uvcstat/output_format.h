/* SPDX-License-Identifier: GPL-2.0 */
/*
 * output_format.h - the output formats of every subcommand: the one list.
 * X(ID, "name"): enum value UVC_OUT_ID, option --name (cli.c adds the
 * options a command accepts, by mask). emit.c writes each format.
 */
#ifndef UVCSTAT_OUTPUT_FORMAT_H
#define UVCSTAT_OUTPUT_FORMAT_H

#define UVC_OUTPUT_FORMATS(X)	\
	X(TEXT, "text")		\
	X(JSON, "json")		\
	X(CSV, "csv")		\
	X(RAW, "raw")		/* stats_raw lines: report only */

#define UVC_OUTPUT_FORMAT_ENUM(id, name) UVC_OUT_##id,
enum uvc_output_format {
	UVC_OUTPUT_FORMATS(UVC_OUTPUT_FORMAT_ENUM)
	UVC_OUT_COUNT
};
#undef UVC_OUTPUT_FORMAT_ENUM

#define UVC_OUT_MASK(id) (1u << UVC_OUT_##id)

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exit_codes.h - uvcstat's exit statuses: the one list. The enum below and
 * the "exit status" part of `uvcstat --help` are generated from it;
 * uvcstat.1 (EXIT STATUS), README.md (exit status table) and the top
 * README are checked against it by tests/host/uvcstat-lists.t.
 *
 * X(NAME, status, "--help line"): EXIT_NAME = status. Adding a code: one
 * line here, then its .IP entry in uvcstat.1 and its row in README.md (the
 * test names what is missing).
 */
#ifndef UVCSTAT_EXIT_CODES_H
#define UVCSTAT_EXIT_CODES_H

#define UVCSTAT_EXIT_CODES(X)								\
	X(OK, 0, "success")								\
	X(INTERNAL, 1, "internal error (out of memory, cannot write the output)")	\
	X(USAGE, 2, "bad arguments")							\
	X(IO, 3, "an input file cannot be read")					\
	X(MALFORMED, 4, "malformed or truncated report (the message names the line)")	\
	X(INCOMPATIBLE, 5, "incompatible reports for compare")				\
	X(NOT_IMPLEMENTED, 6, "not in this build (trace without libtracecmd: the static arm64 build)") \
	X(NO_DEVICE, 7, "run: no such device")						\
	X(NOT_CAPTURE, 8, "run: not a V4L2 video capture device")			\
	X(NOT_UVC, 9, "run: not a uvcvideo (USB) device")				\
	X(BUSY, 10, "run: device busy")							\
	X(FORMAT, 11, "run: format, size or frame rate refused (the message says what the device offers)") \
	X(DEBUGFS, 12, "run: debugfs not mounted (mount -t debugfs none /sys/kernel/debug) or no permission") \
	X(NO_STATS, 13, "statistics missing: no stats_raw (kernel without the uvcdma series), no uvcvideo events") \
	X(CAPTURE, 14, "run: streaming failed (V4L2 error, no frame within --timeout, device gone)") \
	X(VERIFY, 15, "run: the virtual camera's frames failed verification (corrupt, out of order)") \
	X(MISMATCH, 16, "trace --cross-check: figures outside tolerance (the table is on stdout)")

#define UVCSTAT_EXIT_ENUM(name, status, help) EXIT_##name = status,
enum uvcstat_exit {
	UVCSTAT_EXIT_CODES(UVCSTAT_EXIT_ENUM)
};
#undef UVCSTAT_EXIT_ENUM

#endif

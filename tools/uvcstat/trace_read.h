/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_read.h - the uvcvideo events of a trace.dat (libtracecmd), as the
 * records tracepair.c pairs. Built only with libtracecmd (the host build;
 * TRACE=0 leaves it out, as the static arm64 build does).
 */
#ifndef UVCSTAT_TRACE_READ_H
#define UVCSTAT_TRACE_READ_H

#include <stddef.h>

#include "tracepair.h"

struct uvc_trace_events {
	struct uvc_tev *ev;	/* in time order */
	size_t n, cap;
	char **streams;		/* names, indexed by uvc_tev.stream */
	size_t nstreams;
	unsigned long long records;	/* records of any event read */
};

/*
 * Reads the uvcvideo events of PATH. Returns EXIT_OK, or prints one line
 * and returns EXIT_IO (unreadable), EXIT_MALFORMED (not a trace.dat
 * libtracecmd can read, or one that crashed it), EXIT_NO_STATS (no
 * uvcvideo events in it) or EXIT_INTERNAL. libtracecmd runs in a child
 * process, its stderr silenced (trace_read_child.c): libtracecmd 3.1.6 crashes
 * on some corrupt files and prints diagnostics of its own.
 */
int uvc_trace_load(const char *path, struct uvc_trace_events *out);

/* The same, in this process: the message goes to MSG, nothing is printed (trace_read.c). */
int uvc_trace_read(const char *path, struct uvc_trace_events *out, char *msg, size_t size);
void uvc_trace_events_free(struct uvc_trace_events *t);

#endif

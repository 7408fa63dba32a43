// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_tracedat.c - libFuzzer harness of `uvcstat trace`'s input reading,
 * the input taken as a trace.dat: first as uvcstat reads it,
 * uvc_trace_load() (trace_read_child.c: libtracecmd in a child process,
 * because libtracecmd 3.1.6 crashes on some corrupt files, and the result
 * sent back through a pipe); when that succeeds, again in this process with
 * uvc_trace_read() (trace_read.c), so that ASan and UBSan watch our record
 * handling, which in the child they cannot report. Seed it with the .dat
 * files of tests/host/fixtures/uvcstat/trace. What must hold besides
 * memory safety: both reads agree event for event; the events are in time
 * order, their stream indices name a stream, their modes are known or -1.
 *   make -C tools/uvcstat fuzz; $(OUT)/obj/uvcstat/uvcstat-fuzz-tracedat CORPUS
 */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace_read.h"
#include "uvcstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
void __sanitizer_set_death_callback(void (*callback)(void));

/*
 * In uvc_trace_load()'s child, libtracecmd's crashes are expected (the
 * parent reports them as a corrupt file): the child must die of them
 * quietly, not run libFuzzer's crash handler, which would save the
 * parent's input as a crash of ours.
 */
static void quiet_child(void)
{
	static const int deadly[] = { SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE };

	__sanitizer_set_death_callback(NULL);
	for (size_t i = 0; i < sizeof(deadly) / sizeof(deadly[0]); i++)
		signal(deadly[i], SIG_DFL);
}

static void must(int cond)
{
	if (!cond)
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	struct uvc_trace_events t, a;
	char msg[512];
	FILE *f;

	if (!path[0]) {
		pthread_atfork(NULL, NULL, quiet_child);
		snprintf(path, sizeof(path), "/tmp/uvcstat-fuzz-%d.dat", (int)getpid());
	}
	f = fopen(path, "wb");
	must(f != NULL);
	must(fwrite(data, 1, size, f) == size);
	fclose(f);
	if (uvc_trace_load(path, &a) != EXIT_OK) {
		unlink(path);
		return 0;
	}
	must(uvc_trace_read(path, &t, msg, sizeof(msg)) == EXIT_OK);
	unlink(path);
	must(t.n == a.n && t.nstreams == a.nstreams && t.records == a.records);
	for (size_t i = 0; i < t.nstreams; i++)
		must(!strcmp(t.streams[i], a.streams[i]));
	for (size_t i = 0; i < t.n; i++) {
		const struct uvc_tev *x = &t.ev[i], *y = &a.ev[i];

		must(x->ts == y->ts && x->type == y->type && x->stream == y->stream &&
		     x->urb == y->urb && x->mode == y->mode && x->status == y->status &&
		     x->bytes == y->bytes && x->flags == y->flags);
		must(!i || t.ev[i - 1].ts <= x->ts);
		must(x->stream < t.nstreams);
		must(x->mode >= -1 && x->mode < URB_ALLOC_MODE_COUNT);
	}
	uvc_trace_events_free(&t);
	uvc_trace_events_free(&a);
	return 0;
}

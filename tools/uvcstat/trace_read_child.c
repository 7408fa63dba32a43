// SPDX-License-Identifier: GPL-2.0
/*
 * trace_read_child.c - uvc_trace_read() in a child process. libtracecmd 3.1.6
 * crashes on some corrupt trace.dat files (tracecmd_close() on the error
 * path of tracecmd_open()) and prints diagnostics on stderr; uvcstat must
 * do neither. The child reads the file with its stderr on /dev/null and
 * sends the result through a pipe:
 *
 *   struct frame, then per stream: u32 length + the name, then the events
 *
 * (same process image on both ends: the structures are sent as they are).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "trace_read.h"
#include "uvcstat.h"

struct frame {
	int code;
	char msg[512];
	uint64_t n, nstreams, records;
};

static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

static void child(const char *path, int fd)
{
	struct uvc_trace_events t;
	struct frame f;
	size_t i;
	int null = open("/dev/null", O_WRONLY);

	if (null >= 0)
		dup2(null, STDERR_FILENO);
	memset(&f, 0, sizeof(f));
	f.code = uvc_trace_read(path, &t, f.msg, sizeof(f.msg));
	f.n = t.n;
	f.nstreams = t.nstreams;
	f.records = t.records;
	if (write_all(fd, &f, sizeof(f)))
		_exit(1);
	for (i = 0; i < t.nstreams; i++) {
		uint32_t len = (uint32_t)strlen(t.streams[i]);

		if (write_all(fd, &len, sizeof(len)) || write_all(fd, t.streams[i], len))
			_exit(1);
	}
	if (t.n && write_all(fd, t.ev, t.n * sizeof(*t.ev)))
		_exit(1);
	_exit(0);
}

/* Reads exactly N bytes; -1 on a short read. */
static int read_all(int fd, void *p, size_t n)
{
	char *c = p;

	while (n) {
		ssize_t r = read(fd, c, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		c += r;
		n -= (size_t)r;
	}
	return 0;
}

/* The child's result into OUT: EXIT_OK, EXIT_INTERNAL, or -1 (cut short). */
static int receive(int fd, const struct frame *f, struct uvc_trace_events *out)
{
	size_t i;

	if (f->nstreams > UVC_TRACE_MAX_STREAMS || f->n > SIZE_MAX / sizeof(*out->ev))
		return -1;
	out->records = f->records;
	out->streams = calloc(f->nstreams + 1, sizeof(*out->streams));
	if (!out->streams)
		return EXIT_INTERNAL;
	for (i = 0; i < f->nstreams; i++) {
		uint32_t len;

		if (read_all(fd, &len, sizeof(len)) || len > 4096)
			return -1;
		out->streams[i] = calloc(1, (size_t)len + 1);
		if (!out->streams[i])
			return EXIT_INTERNAL;
		out->nstreams++;
		if (read_all(fd, out->streams[i], len))
			return -1;
	}
	out->ev = malloc(f->n ? f->n * sizeof(*out->ev) : 1);
	if (!out->ev)
		return EXIT_INTERNAL;
	out->cap = f->n;
	if (f->n && read_all(fd, out->ev, f->n * sizeof(*out->ev)))
		return -1;
	out->n = f->n;
	return EXIT_OK;
}

int uvc_trace_load(const char *path, struct uvc_trace_events *out)
{
	struct frame f;
	int p[2], st = 0, ret;
	pid_t pid;

	memset(out, 0, sizeof(*out));
	if (pipe(p) < 0)
		return uvc_fail(EXIT_INTERNAL, "pipe: %s", strerror(errno));
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return uvc_fail(EXIT_INTERNAL, "fork: %s", strerror(errno));
	}
	if (pid == 0) {
		close(p[0]);
		child(path, p[1]);
	}
	close(p[1]);
	memset(&f, 0, sizeof(f));
	ret = read_all(p[0], &f, sizeof(f)) ? -1 : f.code ? f.code : receive(p[0], &f, out);
	close(p[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (ret == EXIT_OK && !(WIFEXITED(st) && WEXITSTATUS(st) == 0))
		ret = -1;
	if (ret == EXIT_OK)
		return EXIT_OK;
	uvc_trace_events_free(out);
	if (ret < 0) {
		if (WIFSIGNALED(st))
			return uvc_fail(EXIT_MALFORMED, "%s: a corrupt trace.dat: libtracecmd died reading it "
					"(signal %d)", path, WTERMSIG(st));
		return uvc_fail(EXIT_MALFORMED, "%s: a corrupt trace.dat: libtracecmd failed reading it",
				path);
	}
	f.msg[sizeof(f.msg) - 1] = '\0';
	return uvc_fail(ret, "%s", ret == EXIT_INTERNAL && !f.msg[0] ? "out of memory" : f.msg);
}

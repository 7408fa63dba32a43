// SPDX-License-Identifier: GPL-2.0
/*
 * trace_read.c - a trace.dat's uvcvideo events through libtracecmd and
 * libtraceevent: event ids and field offsets come from the formats stored
 * in the file, never from parsing printed text. The allocation mode, an
 * enum field, is named through the event's own __print_symbolic() table
 * (falling back to enum uvc_urb_alloc's values: tools/common/urb_alloc_modes.h).
 * It runs in a child process (trace_read_child.c): a corrupt file can crash
 * libtracecmd.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <trace-cmd.h>

#include "parse.h"
#include "trace_read.h"
#include "urb_alloc_modes.h"
#include "uvcstat.h"

/* The events, by type. */
static const char *const event_names[UVC_EV_LOST] = {
	[UVC_EV_URB_COMPLETE] = "uvcvideo_urb_complete",
	[UVC_EV_SYNC_CPU_START] = "uvcvideo_sync_for_cpu_start",
	[UVC_EV_SYNC_CPU_DONE] = "uvcvideo_sync_for_cpu_done",
	[UVC_EV_DECODE_HEADER] = "uvcvideo_decode_header",
	[UVC_EV_COPY_QUEUED] = "uvcvideo_copy_queued",
	[UVC_EV_COPY_START] = "uvcvideo_copy_start",
	[UVC_EV_COPY_DONE] = "uvcvideo_copy_done",
	[UVC_EV_SYNC_DEVICE_START] = "uvcvideo_sync_for_device_start",
	[UVC_EV_SYNC_DEVICE_DONE] = "uvcvideo_sync_for_device_done",
	[UVC_EV_URB_SUBMIT] = "uvcvideo_urb_submit",
};

#define MAX_MODE_VALUES 16

struct event_info {
	int id;
	struct tep_event *event;
	struct tep_format_field *urb, *mode, *status, *bytes, *flags;
	int mode_map[MAX_MODE_VALUES];	/* event value -> enum urb_alloc_mode, -1 unknown */
};

struct loader {
	struct tep_handle *tep;
	struct event_info info[UVC_EV_LOST];
	struct uvc_trace_events *out;
	int oom;
	unsigned long long seq;
};

/* The {value, "name"} table of __print_symbolic(REC->mode, ...), if any. */
static const struct tep_print_flag_sym *mode_symbols(const struct tep_print_arg *a)
{
	const struct tep_print_flag_sym *sym;

	for (; a; a = a->next) {
		if (a->type == TEP_PRINT_SYMBOL && a->symbol.field &&
		    a->symbol.field->type == TEP_PRINT_FIELD &&
		    strcmp(a->symbol.field->field.name, "mode") == 0)
			return a->symbol.symbols;
		if (a->type == TEP_PRINT_OP) {
			sym = mode_symbols(a->op.left);
			if (!sym)
				sym = mode_symbols(a->op.right);
			if (sym)
				return sym;
		}
	}
	return NULL;
}

static void map_modes(struct event_info *ei)
{
	const struct tep_print_flag_sym *sym = mode_symbols(ei->event->print_fmt.args);
	int i;

	for (i = 0; i < MAX_MODE_VALUES; i++)
		ei->mode_map[i] = sym || !urb_alloc_mode_name(i) ? -1 : i;
	for (; sym; sym = sym->next) {
		char *end;
		unsigned long v = strtoul(sym->value, &end, 0);

		if (*end == '\0' && v < MAX_MODE_VALUES)
			ei->mode_map[v] = urb_alloc_mode_parse(sym->str);
	}
}

static struct tep_format_field *field(struct tep_event *e, const char *name)
{
	return e ? tep_find_field(e, name) : NULL;
}

static int setup_events(struct loader *l)
{
	unsigned int t;
	int found = 0;

	for (t = 0; t < UVC_EV_LOST; t++) {
		struct event_info *ei = &l->info[t];
		struct tep_event *e = tep_find_event_by_name(l->tep, "uvcvideo", event_names[t]);

		memset(ei, 0, sizeof(*ei));
		ei->id = -1;
		if (!e)
			continue;
		found++;
		ei->id = e->id;
		ei->event = e;
		ei->urb = field(e, "urb");
		ei->mode = field(e, "mode");
		ei->status = field(e, t == UVC_EV_URB_SUBMIT ? "ret" :
				      t == UVC_EV_DECODE_HEADER ? "header_len" : "status");
		ei->bytes = field(e, t == UVC_EV_DECODE_HEADER ? "len" : "bytes");
		ei->flags = field(e, "flags");
		map_modes(ei);
	}
	return found;
}

static unsigned long long num(struct tep_format_field *f, const struct tep_record *rec)
{
	unsigned long long v = 0;

	if (f && tep_read_number_field(f, rec->data, &v) != 0)
		v = 0;
	return v;
}

static int stream_index(struct loader *l, const char *name, int len)
{
	struct uvc_trace_events *o = l->out;
	size_t i, n = len > 0 ? strnlen(name, (size_t)len) : 0;
	char **s, *copy;

	for (i = 0; i < o->nstreams; i++)
		if (strlen(o->streams[i]) == n && memcmp(o->streams[i], name, n) == 0)
			return (int)i;
	s = realloc(o->streams, (o->nstreams + 1) * sizeof(*s));
	if (!s)
		return -1;
	o->streams = s;
	copy = malloc(n + 1);
	if (!copy)
		return -1;
	memcpy(copy, name, n);
	copy[n] = '\0';
	o->streams[o->nstreams] = copy;
	return (int)o->nstreams++;
}

static int push(struct loader *l, const struct uvc_tev *e)
{
	struct uvc_trace_events *o = l->out;

	if (o->n == o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 4096;
		struct uvc_tev *n = realloc(o->ev, cap * sizeof(*n));

		if (!n)
			return -1;
		o->ev = n;
		o->cap = cap;
	}
	o->ev[o->n++] = *e;
	return 0;
}

static int on_record(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *data)
{
	struct loader *l = data;
	struct uvc_tev e = { 0 };
	struct event_info *ei = NULL;
	unsigned long long mode;
	unsigned int t;
	int id, len = 0, idx;
	char *name;

	(void)h;
	(void)cpu;
	l->out->records++;
	if (rec->missed_events) {
		e.ts = rec->ts;
		e.type = UVC_EV_LOST;
		if (push(l, &e))
			goto oom;
	}
	id = tep_data_type(l->tep, rec);
	for (t = 0; t < UVC_EV_LOST; t++)
		if (l->info[t].id == id) {
			ei = &l->info[t];
			break;
		}
	if (!ei)
		return 0;
	name = tep_get_field_raw(NULL, ei->event, "stream", rec, &len, 0);
	/* a __data_loc string: keep it inside the record (the file may lie) */
	if (name && (name < (char *)rec->data || len < 0 ||
		     name + len > (char *)rec->data + rec->size))
		name = NULL;
	idx = stream_index(l, name ? name : "", name ? len : 0);
	if (idx < 0)
		goto oom;
	e.ts = rec->ts;
	e.type = (enum uvc_tev_type)t;
	e.stream = (unsigned int)idx;
	e.urb = (unsigned int)num(ei->urb, rec);
	mode = num(ei->mode, rec);
	e.mode = ei->mode && mode < MAX_MODE_VALUES ? ei->mode_map[mode] : -1;
	e.status = (int32_t)num(ei->status, rec);
	e.bytes = (uint32_t)num(ei->bytes, rec);
	e.flags = (uint8_t)num(ei->flags, rec);
	if (push(l, &e))
		goto oom;
	return 0;
oom:
	l->oom = 1;
	return 1;	/* stop iterating */
}

/* Stable merge sort by time (libtracecmd merges the CPUs in time order
 * already: this only guards the pairing's assumption). */
static int sort_by_ts(struct uvc_tev *ev, size_t n)
{
	struct uvc_tev *tmp, *src = ev, *dst, *swap;
	size_t width, i, a, b, mid, end, k;

	for (i = 1; i < n && ev[i - 1].ts <= ev[i].ts; i++)
		;
	if (i >= n)
		return 0;
	tmp = malloc(n * sizeof(*tmp));
	if (!tmp)
		return -1;
	dst = tmp;
	for (width = 1; width < n; width *= 2) {
		for (i = 0; i < n; i += 2 * width) {
			mid = i + width < n ? i + width : n;
			end = i + 2 * width < n ? i + 2 * width : n;
			for (a = i, b = mid, k = i; k < end; k++)
				dst[k] = a < mid && (b >= end || src[a].ts <= src[b].ts) ?
					 src[a++] : src[b++];
		}
		swap = src;
		src = dst;
		dst = swap;
	}
	if (src != ev)
		memcpy(ev, src, n * sizeof(*ev));
	free(tmp);
	return 0;
}

int uvc_trace_read(const char *path, struct uvc_trace_events *out, char *msg, size_t size)
{
	struct loader l;
	struct tracecmd_input *h;
	FILE *f;

	memset(out, 0, sizeof(*out));
	f = fopen(path, "rb");
	if (!f) {
		snprintf(msg, size, "%s: cannot read: %s", path, strerror(errno));
		return EXIT_IO;
	}
	fclose(f);
	tracecmd_set_loglevel(TEP_LOG_NONE);
	h = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS | TRACECMD_FL_LOAD_NO_SYSTEM_PLUGINS);
	if (!h) {
		snprintf(msg, size, "%s: not a trace-cmd trace.dat that libtracecmd can read", path);
		return EXIT_MALFORMED;
	}
	memset(&l, 0, sizeof(l));
	l.tep = tracecmd_get_tep(h);
	l.out = out;
	if (!l.tep || !setup_events(&l)) {
		tracecmd_close(h);
		snprintf(msg, size, "%s: no uvcvideo trace events: record with 'trace-cmd record -e uvcvideo "
			 "-e dma' on a kernel with the uvcdma patch series ('media: uvcvideo: Add trace "
			 "events for the URB data path')", path);
		return EXIT_NO_STATS;
	}
	tracecmd_iterate_events(h, NULL, 0, on_record, &l);
	tracecmd_close(h);
	if (l.oom || sort_by_ts(out->ev, out->n)) {
		uvc_trace_events_free(out);
		snprintf(msg, size, "out of memory");
		return EXIT_INTERNAL;
	}
	return EXIT_OK;
}

void uvc_trace_events_free(struct uvc_trace_events *t)
{
	size_t i;

	for (i = 0; i < t->nstreams; i++)
		free(t->streams[i]);
	free(t->streams);
	free(t->ev);
	memset(t, 0, sizeof(*t));
}

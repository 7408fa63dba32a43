// SPDX-License-Identifier: GPL-2.0
/*
 * A libtraceevent plugin for the dma events whose print format Debian 12's
 * libtraceevent 1.7 cannot parse: the scatterlist events print their
 * arrays with __print_array(..., __get_dynamic_array_len(x) / sizeof(u64),
 * sizeof(u64)), and trace-cmd report and KernelShark show every such event
 * as "[FAILED TO PARSE]" with its raw bytes. This plugin prints them from
 * their fields instead, in the order the format declares them: strings as
 * they are, arrays as {a,b,...} (addresses in hex, lengths in decimal), the
 * DMA direction and attributes by name, other numbers as the kernel prints
 * them (addresses in hex). It reads the field list from the trace's own
 * format, so one build serves every kernel base that has these events.
 */
#include <stdint.h>
#include <string.h>
#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>

/* The events: 6.1/6.12 with the lab's series, and upstream since 6.16. */
static const char *const array_events[] = {
	"dma_alloc_sgt", "dma_free_sgt",
	"dma_sync_sg_for_cpu", "dma_sync_sg_for_device",
	"dma_map_sg", "dma_unmap_sg", "dma_map_sg_err",
};
#define N_EVENTS (sizeof(array_events) / sizeof(array_events[0]))

/* enum dma_data_direction (include/linux/dma-direction.h) */
static const char *const dir_names[] = { "BIDIRECTIONAL", "TO_DEVICE", "FROM_DEVICE", "NONE" };

/* DMA_ATTR_* bits (include/linux/dma-mapping.h) */
static const struct { unsigned long long bit; const char *name; } attr_names[] = {
	{ 1ULL << 1, "WEAK_ORDERING" }, { 1ULL << 2, "WRITE_COMBINE" },
	{ 1ULL << 4, "NO_KERNEL_MAPPING" }, { 1ULL << 5, "SKIP_CPU_SYNC" },
	{ 1ULL << 6, "FORCE_CONTIGUOUS" }, { 1ULL << 7, "ALLOC_SINGLE_PAGES" },
	{ 1ULL << 8, "NO_WARN" }, { 1ULL << 9, "PRIVILEGED" }, { 1ULL << 10, "MMIO" },
};

/*
 * Addresses and GFP flags print in hex, sizes and counts in decimal, as in
 * the kernel's formats.
 */
static int prints_in_hex(const char *name)
{
	return strstr(name, "addr") != NULL || strcmp(name, "flags") == 0;
}

static void print_attrs(struct trace_seq *s, unsigned long long v)
{
	const char *sep = "";
	size_t i;

	if (!v) {
		trace_seq_puts(s, "0x0");
		return;
	}
	for (i = 0; i < sizeof(attr_names) / sizeof(attr_names[0]); i++) {
		if (v & attr_names[i].bit) {
			trace_seq_printf(s, "%s%s", sep, attr_names[i].name);
			v &= ~attr_names[i].bit;
			sep = "|";
		}
	}
	if (v)
		trace_seq_printf(s, "%s0x%llx", sep, v);
}

static void print_array(struct trace_seq *s, struct tep_event *event,
			const struct tep_format_field *field, const uint8_t *data, int len)
{
	/* the element size of a dynamic array is in its type, e.g. "u64[]" */
	int esize = field->elementsize ? (int)field->elementsize :
		    strncmp(field->type, "__data_loc u64", 14) == 0 ? 8 : 4;
	int i;

	trace_seq_putc(s, '{');
	for (i = 0; esize > 0 && i + esize <= len; i += esize) {
		unsigned long long v = tep_read_number(event->tep, data + i, esize);

		trace_seq_printf(s, prints_in_hex(field->name) ? "%s0x%llx" : "%s%llu", i ? "," : "", v);
	}
	trace_seq_putc(s, '}');
}

static int print_dma_array_event(struct trace_seq *s, struct tep_record *record,
				 struct tep_event *event, void *context)
{
	struct tep_format_field *field;
	int first = 1;

	(void)context;
	for (field = event->format.fields; field; field = field->next) {
		unsigned long long v;
		int len;

		if (!first)
			trace_seq_putc(s, ' ');
		if (field->flags & TEP_FIELD_IS_STRING) {
			const char *str = tep_get_field_raw(s, event, field->name, record, &len, 0);

			/* the device's name first, bare, as the kernel prints it */
			if (first)
				trace_seq_printf(s, "%.*s", str ? len : 0, str ? str : "");
			else
				trace_seq_printf(s, "%s=%.*s", field->name, str ? len : 0, str ? str : "");
		} else if (field->flags & TEP_FIELD_IS_DYNAMIC) {
			const uint8_t *arr = tep_get_field_raw(s, event, field->name, record, &len, 0);

			trace_seq_printf(s, "%s=", field->name);
			if (arr)
				print_array(s, event, field, arr, len);
		} else if (tep_read_number_field(field, record->data, &v) == 0) {
			if (strcmp(field->name, "dir") == 0 && v < 4)
				trace_seq_printf(s, "dir=%s", dir_names[v]);
			else if (strcmp(field->name, "attrs") == 0) {
				trace_seq_puts(s, "attrs=");
				print_attrs(s, v);
			} else if ((field->flags & TEP_FIELD_IS_SIGNED) && !prints_in_hex(field->name))
				trace_seq_printf(s, "%s=%lld", field->name,
						 field->size == 4 ? (long long)(int32_t)v : (long long)v);
			else
				trace_seq_printf(s, prints_in_hex(field->name) ? "%s=0x%llx" : "%s=%llu",
						 field->name, v);
		}
		first = 0;
	}
	return 0;	/* printed: no "[FAILED TO PARSE]" after it */
}

int TEP_PLUGIN_LOADER(struct tep_handle *tep)
{
	size_t i;

	for (i = 0; i < N_EVENTS; i++)
		tep_register_event_handler(tep, -1, "dma", array_events[i],
					   print_dma_array_event, NULL);
	return 0;
}

void TEP_PLUGIN_UNLOADER(struct tep_handle *tep)
{
	size_t i;

	for (i = 0; i < N_EVENTS; i++)
		tep_unregister_event_handler(tep, -1, "dma", array_events[i],
					     print_dma_array_event, NULL);
}

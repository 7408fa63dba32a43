// SPDX-License-Identifier: GPL-2.0
/*
 * uvcdma_model_hints: tells the memory model (model/plugin, a QEMU TCG
 * plugin) what it cannot see. Lab-only, never part of a series sent
 * upstream. It attaches to trace events and executes the marker
 * instruction of model/markers.h:
 *
 *  - dma_alloc/dma_free on a non-coherent device through dma-direct with a
 *    remapped kernel address: those lines are mapped Normal non-cacheable;
 *  - uvcvideo's events: an URB buffer the DMA API gave is the device's
 *    from the end of its sync for the device until its trip starts (its
 *    completion, or the sync for the CPU that usbcore makes before it on
 *    7.3): on dummy_hcd the device's DMA is the CPU's memcpy into that
 *    buffer. usb-coherent buffers on dummy_hcd are kmalloc() memory that
 *    the controller fills by PIO: the CPU's, as in the lab;
 *  - the windows uvcvideo times: header, decode, the two syncs.
 *
 * Parameters:
 *   phase=LABEL           start a new phase of the model's report
 *   skip_sync_for_cpu=1   make dma_sync_single_for_cpu() and
 *                         dma_sync_sg_for_cpu() on dummy_hcd's device
 *                         return at once: the missing sync the model's
 *                         coherency check must find (tests only)
 */
#include <linux/dma-direct.h>
#include <linux/dma-map-ops.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/tracepoint.h>
#include <linux/vmalloc.h>

#include <trace/events/dma.h>

#include "uvcvideo.h"
#include "uvc_trace.h"
#include "markers.h"

static phys_addr_t kaddr_to_phys(const void *p)
{
	if (is_vmalloc_addr(p))
		return page_to_phys(vmalloc_to_page(p)) + offset_in_page(p);
	return virt_to_phys(p);
}

/* One marker per physically contiguous run of [buf, buf + len). */
static void mark_buffer(u64 cmd, const void *buf, size_t len)
{
	const u8 *p = buf, *end = p + len;
	phys_addr_t start = 0, next = 0;

	while (p < end) {
		size_t chunk = min_t(size_t, end - p, PAGE_SIZE - offset_in_page(p));
		phys_addr_t pa = kaddr_to_phys(p);

		if (next && pa != next) {
			model_marker(cmd, start, next - start, 0);
			next = 0;
		}
		if (!next)
			start = pa;
		next = pa + chunk;
		p += chunk;
	}
	if (next)
		model_marker(cmd, start, next - start, 0);
}

/*
 * Whether the device moves the buffer's data by DMA. usb_alloc_coherent()
 * for a host controller without DMA (dummy_hcd) returns kmalloc() memory
 * and DMA_MAPPING_ERROR: the controller moves the data with the CPU (PIO),
 * and so does the model.
 */
static bool urb_uses_dma(const struct uvc_urb *uvc_urb)
{
	return uvc_urb->sgt || uvc_urb->dma != DMA_MAPPING_ERROR;
}

static void mark_urb(u64 cmd, const struct uvc_urb *uvc_urb)
{
	if (urb_uses_dma(uvc_urb))
		mark_buffer(cmd, uvc_urb->buffer, uvc_urb->size);
}

/* The URB whose trip (completion -> copy queued) this CPU is in. */
static DEFINE_PER_CPU(struct uvc_urb *, trip_urb);

static void trip_start(struct uvc_urb *uvc_urb)
{
	if (__this_cpu_read(trip_urb) == uvc_urb)
		return;
	__this_cpu_write(trip_urb, uvc_urb);
	mark_urb(MODEL_CPU_OWNS, uvc_urb);
	model_marker(MODEL_WINDOW_OPEN, MODEL_WIN_HEADER, 0, 0);
}

static void trip_queued(struct uvc_urb *uvc_urb)
{
	if (raw_cpu_read(trip_urb) != uvc_urb)
		return;
	raw_cpu_write(trip_urb, NULL);
	model_marker(MODEL_WINDOW_CLOSE, MODEL_WIN_HEADER, 0, 0);
}

static void on_urb_complete(void *data, struct uvc_urb *uvc_urb, int status,
			    u32 actual_length, u32 length)
{
	trip_start(uvc_urb);
	if (!status)
		return;
	/* Killed or failed: the handler stops here, no header is decoded. */
	__this_cpu_write(trip_urb, NULL);
	model_marker(MODEL_WINDOW_CANCEL, MODEL_WIN_HEADER, 0, 0);
}

static void on_sync_for_cpu_start(void *data, struct uvc_urb *uvc_urb)
{
	trip_start(uvc_urb);
	model_marker(MODEL_WINDOW_OPEN, MODEL_WIN_SYNC_CPU, 0, 0);
}

static void on_sync_for_cpu_done(void *data, struct uvc_urb *uvc_urb)
{
	model_marker(MODEL_WINDOW_CLOSE, MODEL_WIN_SYNC_CPU, 0, 0);
}

static void on_sync_for_device_start(void *data, struct uvc_urb *uvc_urb)
{
	model_marker(MODEL_WINDOW_OPEN, MODEL_WIN_SYNC_DEVICE, 0, 0);
}

static void on_sync_for_device_done(void *data, struct uvc_urb *uvc_urb)
{
	model_marker(MODEL_WINDOW_CLOSE, MODEL_WIN_SYNC_DEVICE, 0, 0);
	mark_urb(MODEL_DEVICE_OWNS, uvc_urb);
}

static void on_copy_queued(void *data, struct uvc_urb *uvc_urb, u32 bytes)
{
	trip_queued(uvc_urb);
}

static void on_copy_start(void *data, struct uvc_urb *uvc_urb, u32 bytes)
{
	model_marker(MODEL_WINDOW_OPEN, MODEL_WIN_DECODE, bytes, 0);
}

static void on_copy_done(void *data, struct uvc_urb *uvc_urb, u32 bytes)
{
	model_marker(MODEL_WINDOW_CLOSE, MODEL_WIN_DECODE, 0, 0);
}

static void on_urb_submit(void *data, struct uvc_urb *uvc_urb, int ret, bool atomic)
{
	/* A URB with nothing to copy goes straight back from its handler. */
	trip_queued(uvc_urb);
	mark_urb(ret ? MODEL_CPU_OWNS : MODEL_DEVICE_OWNS, uvc_urb);
}

/* Remapped coherent memory of a non-coherent device: Normal-NC. */
static bool maps_uncached(struct device *dev, void *virt, unsigned long attrs)
{
	return dev && virt && !dev_is_dma_coherent(dev) && !get_dma_ops(dev) &&
	       is_vmalloc_addr(virt) && !(attrs & DMA_ATTR_NO_KERNEL_MAPPING);
}

static void on_dma_alloc(void *data, struct device *dev, void *virt, dma_addr_t dma,
			 size_t size, enum dma_data_direction dir, gfp_t flags,
			 unsigned long attrs)
{
	if (maps_uncached(dev, virt, attrs))
		model_marker(MODEL_UNCACHED_ADD, dma_to_phys(dev, dma), PAGE_ALIGN(size), 0);
}

static void on_dma_free(void *data, struct device *dev, void *virt, dma_addr_t dma,
			size_t size, enum dma_data_direction dir, unsigned long attrs)
{
	if (maps_uncached(dev, virt, attrs))
		model_marker(MODEL_UNCACHED_DEL, dma_to_phys(dev, dma), PAGE_ALIGN(size), 0);
}

/*
 * The probes are attached by name; their prototypes are checked against the
 * events' here, at build time (sizeof: nothing is called, and the events'
 * unexported symbols are never referenced).
 */
static void __maybe_unused probes_match_events(void)
{
	(void)sizeof(register_trace_uvcvideo_urb_complete(on_urb_complete, NULL));
	(void)sizeof(register_trace_uvcvideo_sync_for_cpu_start(on_sync_for_cpu_start, NULL));
	(void)sizeof(register_trace_uvcvideo_sync_for_cpu_done(on_sync_for_cpu_done, NULL));
	(void)sizeof(register_trace_uvcvideo_sync_for_device_start(on_sync_for_device_start, NULL));
	(void)sizeof(register_trace_uvcvideo_sync_for_device_done(on_sync_for_device_done, NULL));
	(void)sizeof(register_trace_uvcvideo_copy_queued(on_copy_queued, NULL));
	(void)sizeof(register_trace_uvcvideo_copy_start(on_copy_start, NULL));
	(void)sizeof(register_trace_uvcvideo_copy_done(on_copy_done, NULL));
	(void)sizeof(register_trace_uvcvideo_urb_submit(on_urb_submit, NULL));
	(void)sizeof(register_trace_dma_alloc(on_dma_alloc, NULL));
	(void)sizeof(register_trace_dma_free(on_dma_free, NULL));
}

struct probe {
	const char *event;
	void *fn;
	struct tracepoint *tp;
};

static struct probe uvc_probes[] = {
	{ "uvcvideo_urb_complete", on_urb_complete },
	{ "uvcvideo_sync_for_cpu_start", on_sync_for_cpu_start },
	{ "uvcvideo_sync_for_cpu_done", on_sync_for_cpu_done },
	{ "uvcvideo_sync_for_device_start", on_sync_for_device_start },
	{ "uvcvideo_sync_for_device_done", on_sync_for_device_done },
	{ "uvcvideo_copy_queued", on_copy_queued },
	{ "uvcvideo_copy_start", on_copy_start },
	{ "uvcvideo_copy_done", on_copy_done },
	{ "uvcvideo_urb_submit", on_urb_submit },
};

static struct probe dma_probes[] = {
	{ "dma_alloc", on_dma_alloc },
	{ "dma_free", on_dma_free },
};

static void attach(struct tracepoint *tp, struct probe *probes, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (probes[i].tp || strcmp(tp->name, probes[i].event))
			continue;
		if (tracepoint_probe_register(tp, probes[i].fn, NULL))
			pr_warn("cannot attach to %s\n", tp->name);
		else
			probes[i].tp = tp;
	}
}

static void detach(struct probe *probes, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (probes[i].tp)
			tracepoint_probe_unregister(probes[i].tp, probes[i].fn, NULL);
		probes[i].tp = NULL;
	}
}

static void attach_dma(struct tracepoint *tp, void *priv)
{
	attach(tp, dma_probes, ARRAY_SIZE(dma_probes));
}

/* uvcvideo's events are in its module: attach as it comes, detach as it goes. */
static int uvc_module_event(struct notifier_block *nb, unsigned long state, void *data)
{
	struct tp_module *tp_mod = data;
	struct module *mod = tp_mod->mod;
	unsigned int i;

	if (strcmp(mod->name, "uvcvideo"))
		return NOTIFY_OK;
	if (state == MODULE_STATE_GOING) {
		detach(uvc_probes, ARRAY_SIZE(uvc_probes));
		tracepoint_synchronize_unregister();
		return NOTIFY_OK;
	}
	if (state != MODULE_STATE_COMING)
		return NOTIFY_OK;
	for (i = 0; i < mod->num_tracepoints; i++)
		attach(tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]), uvc_probes,
		       ARRAY_SIZE(uvc_probes));
	for (i = 0; i < ARRAY_SIZE(uvc_probes); i++)
		if (!uvc_probes[i].tp)
			pr_warn("uvcvideo has no event %s\n", uvc_probes[i].event);
	return NOTIFY_OK;
}

static struct notifier_block uvc_module_nb = { .notifier_call = uvc_module_event };

/* skip_sync_for_cpu: the sync returns before it does anything. */
static bool skip_sync_for_cpu;
module_param(skip_sync_for_cpu, bool, 0644);
MODULE_PARM_DESC(skip_sync_for_cpu, "skip the syncs for the CPU on dummy_hcd's device (tests)");

static int skip_sync(struct kprobe *kp, struct pt_regs *regs)
{
	struct device *dev = (struct device *)regs->regs[0];

	if (!READ_ONCE(skip_sync_for_cpu) || !dev || strncmp(dev_name(dev), "dummy_hcd", 9))
		return 0;
	instruction_pointer_set(regs, procedure_link_pointer(regs));
	return 1;
}

static struct kprobe sync_kprobes[] = {
	{ .symbol_name = "dma_sync_single_for_cpu", .pre_handler = skip_sync },
	{ .symbol_name = "dma_sync_sg_for_cpu", .pre_handler = skip_sync },
	{ .symbol_name = "__dma_sync_single_for_cpu", .pre_handler = skip_sync },
	{ .symbol_name = "__dma_sync_sg_for_cpu", .pre_handler = skip_sync },
};
static bool sync_kprobe_on[ARRAY_SIZE(sync_kprobes)];

static char phase_label[64];

static int phase_set(const char *val, const struct kernel_param *kp)
{
	size_t len = strcspn(val, "\n");

	if (!len || len >= sizeof(phase_label))
		return -EINVAL;
	memcpy(phase_label, val, len);
	phase_label[len] = '\0';
	model_marker(MODEL_PHASE, (u64)(uintptr_t)phase_label, len, 0);
	return 0;
}

static const struct kernel_param_ops phase_ops = {
	.set = phase_set,
	.get = param_get_string,
};

static struct kparam_string phase_string = {
	.maxlen = sizeof(phase_label),
	.string = phase_label,
};
module_param_cb(phase, &phase_ops, &phase_string, 0644);
MODULE_PARM_DESC(phase, "start a phase of the model's report, named by the value");

static void hints_exit_probes(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sync_kprobes); i++)
		if (sync_kprobe_on[i])
			unregister_kprobe(&sync_kprobes[i]);
	detach(dma_probes, ARRAY_SIZE(dma_probes));
	tracepoint_synchronize_unregister();
}

static int __init hints_init(void)
{
	unsigned int i;
	int ret;

	model_marker(MODEL_LINEAR_MAP, PAGE_OFFSET, PHYS_OFFSET, PAGE_END);
	for_each_kernel_tracepoint(attach_dma, NULL);
	for (i = 0; i < ARRAY_SIZE(sync_kprobes); i++)
		sync_kprobe_on[i] = !register_kprobe(&sync_kprobes[i]);
	ret = register_tracepoint_module_notifier(&uvc_module_nb);
	if (ret) {
		hints_exit_probes();
		return ret;
	}
	return 0;
}

static void __exit hints_exit(void)
{
	unregister_tracepoint_module_notifier(&uvc_module_nb);
	detach(uvc_probes, ARRAY_SIZE(uvc_probes));
	hints_exit_probes();
}

module_init(hints_init);
module_exit(hints_exit);
MODULE_DESCRIPTION("uvcdma: hints for the QEMU memory model (lab only)");
MODULE_LICENSE("GPL");

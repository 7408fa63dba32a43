/*
 * uvcdma's memory model as a QEMU TCG plugin (QEMU 10, plugin API 4).
 *
 * TCG executes instructions, not a memory system: an uncached load costs
 * what a cached one does and DC ops do nothing. This plugin keeps a model
 * clock per vCPU beside the guest's (instructions x CPI overlapped with
 * streamed lines, plus memory stalls: window_cycles() in memsys.c) and
 * reports it per window the guest's hints (model/hints) open and close, per
 * phase. The guest's own clock is left alone: the plugin API cannot set it
 * under TCG.
 *
 *   -plugin libuvcdma_model.so,platform=FILE,out=FILE[,windows=FILE]
 *
 * Only kernel memory accesses are modelled (the data path is the kernel's);
 * the report is rewritten at every phase marker and at exit.
 */
#include <glib.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "../markers.h"
#include "memsys.h"
#include "platform.h"
#include "report.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define MAX_VCPUS 16

struct open_window {
	int open;
	uint64_t insns, bytes;
	double stall, stream;
	struct counters c;		/* the memory system's counters at the open */
};

struct vcpu {
	struct qemu_plugin_register *x[31];
	struct open_window win[MODEL_WINDOWS];
};

static struct platform platform;
static struct memsys ms;
static struct vcpu vcpus[MAX_VCPUS];
/*
 * Instructions executed, per vCPU, counted a block at a time when the block
 * starts (an inline per-instruction count aborts QEMU 10.0.2 on this guest,
 * and scoreboards are not sized before a vCPU's first block).
 *
 * One vCPU only (qemu/run --model): under single-threaded TCG, which icount
 * needs, QEMU 10.0 compiles the translating vCPU's index into each block
 * as a constant (accel/tcg/plugin-gen.c, gen_cpu_index), and blocks are
 * shared, so with two vCPUs a callback can be told the wrong one.
 */
static uint64_t insns[MAX_VCPUS];
/* Instructions executed up to and including the n-th of a block of len. */
static uint64_t insns_at(unsigned int vcpu, uintptr_t n, uintptr_t len)
{
	return insns[vcpu] - (len - 1 - n);
}

static struct phase *phases;
static unsigned int nphases;
static char *out_path;
/* windows=FILE: one line a closed window (what a window's mean hides). */
static FILE *windows_file;
static GByteArray *regbuf;

static void write_report(void)
{
	struct phase *ph = &phases[nphases - 1];
	char tmp[4096];
	FILE *f;

	ph->c = ms.c;
	memcpy(ph->stale, ms.stale, sizeof(ph->stale));
	ph->stale_other = ms.stale_other;
	snprintf(tmp, sizeof(tmp), "%s.tmp", out_path);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "uvcdma model: cannot write %s\n", tmp);
		return;
	}
	report_write(f, &platform, phases, nphases);
	if (fclose(f) == 0)
		rename(tmp, out_path);
}

static void new_phase(const char *label)
{
	struct phase *p;

	if (nphases)
		write_report();
	p = realloc(phases, (nphases + 1) * sizeof(*phases));
	if (!p)
		abort();
	phases = p;
	memset(&phases[nphases], 0, sizeof(phases[0]));
	g_strlcpy(phases[nphases].label, label, sizeof(phases[0].label));
	nphases++;
	memsys_reset_counters(&ms);
}

static uint64_t read_x(unsigned int vcpu, unsigned int n)
{
	uint64_t v = 0;

	if (n > 30 || !vcpus[vcpu].x[n])
		return 0;
	g_byte_array_set_size(regbuf, 0);
	if (qemu_plugin_read_register(vcpus[vcpu].x[n], regbuf) >= 8)
		memcpy(&v, regbuf->data, 8);
	return v;
}

/* open: 1 opens (bytes: what the window handles), 0 closes, -1 cancels. */
static void window(unsigned int vcpu, uint64_t w, int open, uint64_t now, uint64_t bytes)
{
	struct open_window *o;
	uint64_t n;
	double stall = ms.cpu[vcpu].stall, stream = ms.cpu[vcpu].stream, cycles;

	if (w >= MODEL_WINDOWS)
		return;
	o = &vcpus[vcpu].win[w];
	if (open) {
		o->open = open > 0;
		o->insns = now;
		o->bytes = bytes;
		o->stall = stall;
		o->stream = stream;
		o->c = ms.c;
		return;
	}
	if (!o->open) {
		phases[nphases - 1].unpaired++;
		return;
	}
	o->open = 0;
	n = now - o->insns;
	cycles = window_cycles(&platform, n, stall - o->stall, stream - o->stream);
	window_add(&phases[nphases - 1].w[w], cycles / platform.cpu_ghz, n, stall - o->stall,
		   stream - o->stream, o->bytes);
	if (windows_file)
		fprintf(windows_file, "%s,%s,%.1f,%" PRIu64 ",%.1f,%.1f,%" PRIu64 ",%" PRIu64 ",%" PRIu64
			",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
			phases[nphases - 1].label, model_window_names[w], cycles / platform.cpu_ghz, n,
			stall - o->stall, stream - o->stream, o->bytes,
			ms.c.l1_misses - o->c.l1_misses, ms.c.l2_misses - o->c.l2_misses,
			ms.c.prefetched_used - o->c.prefetched_used,
			ms.c.uncached_loads - o->c.uncached_loads, ms.c.dc_ops - o->c.dc_ops);
}

static void phase_marker(uint64_t va, uint64_t len)
{
	GByteArray *b = g_byte_array_new();
	char label[64] = "unnamed";
	unsigned int i, n = 0;

	if (len > sizeof(label) - 1)
		len = sizeof(label) - 1;
	if (len && qemu_plugin_read_memory_vaddr(va, b, len)) {
		/* A label is a word: keep the report one record per line. */
		for (i = 0; i < b->len && b->data[i] > ' ' && b->data[i] < 127; i++)
			label[n++] = (char)b->data[i];
		label[n] = '\0';
		if (!n)
			strcpy(label, "unnamed");
	}
	g_byte_array_free(b, TRUE);
	new_phase(label);
}

/* udata: the marker's index in its block << 16 | the block's length. */
static void on_marker(unsigned int vcpu, void *udata)
{
	uintptr_t at = (uintptr_t)udata;
	uint64_t x0 = read_x(vcpu, 0), x1, x2;

	if ((x0 & MODEL_MAGIC_MASK) != MODEL_MAGIC || vcpu >= ms.ncpus)
		return;
	x1 = read_x(vcpu, 1);
	x2 = read_x(vcpu, 2);
	switch ((uint32_t)x0) {
	case MODEL_LINEAR_MAP:
		ms.linear_va = x1;
		ms.linear_pa = x2;
		ms.linear_end = read_x(vcpu, 3);
		break;
	case MODEL_UNCACHED_ADD:
	case MODEL_UNCACHED_DEL:
		memsys_mark(&ms, x1, x2, MAP_UNCACHED, (uint32_t)x0 == MODEL_UNCACHED_ADD);
		break;
	case MODEL_DEVICE_OWNS:
	case MODEL_CPU_OWNS:
		memsys_mark(&ms, x1, x2, MAP_DEVICE, (uint32_t)x0 == MODEL_DEVICE_OWNS);
		break;
	case MODEL_WINDOW_OPEN:
		window(vcpu, x1, 1, insns_at(vcpu, at >> 16, at & 0xffff), x2);
		break;
	case MODEL_WINDOW_CLOSE:
		window(vcpu, x1, 0, insns_at(vcpu, at >> 16, at & 0xffff), 0);
		break;
	case MODEL_WINDOW_CANCEL:
		window(vcpu, x1, -1, 0, 0);
		break;
	case MODEL_PHASE:
		phase_marker(x1, x2);
		break;
	}
}

static void on_dc(unsigned int vcpu, void *udata)
{
	uintptr_t d = (uintptr_t)udata;
	unsigned int rt = d & 31;

	if (vcpu < ms.ncpus)
		memsys_dc(&ms, vcpu, rt == 31 ? 0 : read_x(vcpu, rt), (enum dc_op)(d >> 8));
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
	struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);

	if (!hw || qemu_plugin_hwaddr_is_io(hw) || vcpu >= ms.ncpus)
		return;
	memsys_access(&ms, vcpu, qemu_plugin_hwaddr_phys_addr(hw), vaddr,
		      1u << qemu_plugin_mem_size_shift(info), qemu_plugin_mem_is_store(info),
		      (uint64_t)(uintptr_t)udata, insns[vcpu]);
}

static void on_block(unsigned int vcpu, void *udata)
{
	if (vcpu < ms.ncpus)
		insns[vcpu] += (uintptr_t)udata;
}

/* DC <op>, Xt to the point of coherency; anything else: -1. */
static int dc_op(uint32_t insn)
{
	switch (insn & ~31u) {
	case 0xd5087620: /* DC IVAC */
		return DC_INVALIDATE;
	case 0xd50b7a20: /* DC CVAC */
	case 0xd50b7c20: /* DC CVAP */
	case 0xd50b7d20: /* DC CVADP */
		return DC_CLEAN;
	case 0xd50b7e20: /* DC CIVAC */
		return DC_CLEAN_INVALIDATE;
	}
	return -1;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block, QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)n);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t vaddr = qemu_plugin_insn_vaddr(insn);
		uint32_t op = 0;
		int dc;

		if (qemu_plugin_insn_data(insn, &op, sizeof(op)) != sizeof(op))
			continue;
		if (op == MODEL_MARKER_INSN) {
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_marker, QEMU_PLUGIN_CB_R_REGS,
							       (void *)(uintptr_t)(i << 16 | n));
			continue;
		}
		dc = dc_op(op);
		if (dc >= 0) {
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_dc, QEMU_PLUGIN_CB_R_REGS,
							       (void *)(uintptr_t)((op & 31) | (unsigned int)dc << 8));
			continue;
		}
		/* The kernel's half of the address space: the data path. */
		if (vaddr >> 63)
			qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS,
							 QEMU_PLUGIN_MEM_RW, (void *)(uintptr_t)vaddr);
	}
}

static void vcpu_init(qemu_plugin_id_t id, unsigned int vcpu)
{
	GArray *regs = qemu_plugin_get_registers();
	unsigned int i;

	(void)id;
	if (vcpu >= ms.ncpus) {
		fprintf(stderr, "uvcdma model: vCPU %u not modelled (at most %d)\n", vcpu, MAX_VCPUS);
		g_array_free(regs, TRUE);
		return;
	}
	for (i = 0; i < regs->len; i++) {
		qemu_plugin_reg_descriptor *r = &g_array_index(regs, qemu_plugin_reg_descriptor, i);
		unsigned int n;
		char end;

		if (sscanf(r->name, "x%u%c", &n, &end) == 1 && n <= 30)
			vcpus[vcpu].x[n] = r->handle;
	}
	g_array_free(regs, TRUE);
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	(void)id;
	(void)udata;
	write_report();
	if (windows_file)
		fclose(windows_file);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *platform_path = NULL;
	char err[512];
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "platform=", 9)) {
			platform_path = argv[i] + 9;
		} else if (!strncmp(argv[i], "out=", 4)) {
			out_path = g_strdup(argv[i] + 4);
		} else if (!strncmp(argv[i], "windows=", 8)) {
			windows_file = fopen(argv[i] + 8, "w");
			if (!windows_file) {
				fprintf(stderr, "uvcdma model: cannot write %s\n", argv[i] + 8);
				return -1;
			}
			fprintf(windows_file, "phase,window,ns,insns,stall_cycles,stream_cycles,bytes,"
				"l1_misses,l2_misses,prefetched_used,uncached_loads,dc_ops\n");
		} else {
			fprintf(stderr, "uvcdma model: unknown argument '%s'"
				" (platform=FILE,out=FILE[,windows=FILE])\n", argv[i]);
			return -1;
		}
	}
	if (!platform_path || !out_path || !*out_path) {
		fprintf(stderr, "uvcdma model: platform=FILE and out=FILE are required\n");
		return -1;
	}
	if (!info->system_emulation || strcmp(info->target_name, "aarch64")) {
		fprintf(stderr, "uvcdma model: models an aarch64 system guest, not %s%s\n",
			info->target_name, info->system_emulation ? "" : " user mode");
		return -1;
	}
	if (platform_load(platform_path, &platform, err, sizeof(err))) {
		fprintf(stderr, "uvcdma model: %s\n", err);
		return -1;
	}
	/*
	 * One L1 a vCPU the machine can have: DMA and cache maintenance
	 * visit every L1, so none for vCPUs that cannot exist.
	 */
	if (memsys_init(&ms, &platform,
			info->system.max_vcpus > 0 && info->system.max_vcpus < MAX_VCPUS ?
			(unsigned int)info->system.max_vcpus : MAX_VCPUS)) {
		fprintf(stderr, "uvcdma model: out of memory\n");
		return -1;
	}
	regbuf = g_byte_array_new();
	new_phase("boot");
	qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}

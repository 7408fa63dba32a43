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
 *   -plugin libuvcdma_model.so,platform=FILE,out=FILE[,windows=FILE][,platform=...]
 *
 * Each platform= starts a model of its own, with the out= and windows=
 * after it: several platforms (or one platform's variants, model/band.sh)
 * see the same guest, access for access, in one run. Only kernel memory
 * accesses are modelled (the data path is the kernel's); each report is
 * rewritten at every phase marker and at exit.
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
#define MAX_MODELS 128

struct open_window {
	int open;
	uint64_t insns, bytes;
	double stall, stream;
	struct counters c;		/* the memory system's counters at the open */
};

/* One platform's model: its memory system, its phases, its files. */
struct model {
	struct platform platform;
	struct memsys ms;
	struct open_window win[MAX_VCPUS][MODEL_WINDOWS];
	struct phase *phases;
	unsigned int nphases;
	char *out_path;
	/* windows=FILE: one line a closed window (what a window's mean hides). */
	FILE *windows_file;
};

static struct model *models;
static unsigned int nmodels;
static unsigned int ncpus;	/* vCPUs modelled, the same in every model */
/*
 * Memory is modelled from the hint module's first marker (the linear map):
 * the boot before it is the same for every platform and, with many models
 * in one guest, their largest cost.
 */
static bool modelling;
static struct qemu_plugin_register *xregs[MAX_VCPUS][31];
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

static GByteArray *regbuf;

static void write_report(struct model *md)
{
	struct phase *ph = &md->phases[md->nphases - 1];
	char tmp[4096];
	FILE *f;

	ph->c = md->ms.c;
	memcpy(ph->stale, md->ms.stale, sizeof(ph->stale));
	ph->stale_other = md->ms.stale_other;
	snprintf(tmp, sizeof(tmp), "%s.tmp", md->out_path);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "uvcdma model: cannot write %s\n", tmp);
		return;
	}
	report_write(f, &md->platform, md->phases, md->nphases);
	if (fclose(f) == 0)
		rename(tmp, md->out_path);
}

static void new_phase(struct model *md, const char *label)
{
	struct phase *p;

	if (md->nphases)
		write_report(md);
	p = realloc(md->phases, (md->nphases + 1) * sizeof(*p));
	if (!p)
		abort();
	md->phases = p;
	memset(&p[md->nphases], 0, sizeof(*p));
	g_strlcpy(p[md->nphases].label, label, sizeof(p->label));
	md->nphases++;
	memsys_reset_counters(&md->ms);
}

static uint64_t read_x(unsigned int vcpu, unsigned int n)
{
	uint64_t v = 0;

	if (n > 30 || !xregs[vcpu][n])
		return 0;
	g_byte_array_set_size(regbuf, 0);
	if (qemu_plugin_read_register(xregs[vcpu][n], regbuf) >= 8)
		memcpy(&v, regbuf->data, 8);
	return v;
}

/* open: 1 opens (bytes: what the window handles), 0 closes, -1 cancels. */
static void window(struct model *md, unsigned int vcpu, uint64_t w, int open, uint64_t now,
		   uint64_t bytes)
{
	struct open_window *o;
	struct phase *ph = &md->phases[md->nphases - 1];
	const struct counters *c = &md->ms.c;
	uint64_t n;
	double stall = md->ms.cpu[vcpu].stall, stream = md->ms.cpu[vcpu].stream, cycles;

	if (w >= MODEL_WINDOWS)
		return;
	o = &md->win[vcpu][w];
	if (open) {
		o->open = open > 0;
		o->insns = now;
		o->bytes = bytes;
		o->stall = stall;
		o->stream = stream;
		o->c = *c;
		return;
	}
	if (!o->open) {
		ph->unpaired++;
		return;
	}
	o->open = 0;
	n = now - o->insns;
	cycles = window_cycles(&md->platform, n, stall - o->stall, stream - o->stream);
	window_add(&ph->w[w], cycles / md->platform.cpu_ghz, n, stall - o->stall, stream - o->stream,
		   o->bytes);
	if (md->windows_file)
		fprintf(md->windows_file, "%s,%s,%.1f,%" PRIu64 ",%.1f,%.1f,%" PRIu64 ",%" PRIu64
			",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
			ph->label, model_window_names[w], cycles / md->platform.cpu_ghz, n,
			stall - o->stall, stream - o->stream, o->bytes, c->l1_misses - o->c.l1_misses,
			c->l2_misses - o->c.l2_misses, c->prefetched_used - o->c.prefetched_used,
			c->uncached_loads - o->c.uncached_loads, c->dc_ops - o->c.dc_ops);
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
	for (i = 0; i < nmodels; i++)
		new_phase(&models[i], label);
}

/* udata: the marker's index in its block << 16 | the block's length. */
static void on_marker(unsigned int vcpu, void *udata)
{
	uintptr_t at = (uintptr_t)udata;
	uint64_t x0 = read_x(vcpu, 0), x1, x2, x3, now = insns_at(vcpu, at >> 16, at & 0xffff);
	unsigned int i;

	if ((x0 & MODEL_MAGIC_MASK) != MODEL_MAGIC || vcpu >= ncpus)
		return;
	x1 = read_x(vcpu, 1);
	x2 = read_x(vcpu, 2);
	switch ((uint32_t)x0) {
	case MODEL_LINEAR_MAP:
		modelling = true;
		x3 = read_x(vcpu, 3);
		for (i = 0; i < nmodels; i++) {
			models[i].ms.linear_va = x1;
			models[i].ms.linear_pa = x2;
			models[i].ms.linear_end = x3;
		}
		break;
	case MODEL_UNCACHED_ADD:
	case MODEL_UNCACHED_DEL:
		memsys_mark(x1, x2, MAP_UNCACHED, (uint32_t)x0 == MODEL_UNCACHED_ADD);
		break;
	case MODEL_DEVICE_OWNS:
	case MODEL_CPU_OWNS:
		memsys_mark(x1, x2, MAP_DEVICE, (uint32_t)x0 == MODEL_DEVICE_OWNS);
		break;
	case MODEL_WINDOW_OPEN:
		for (i = 0; i < nmodels; i++)
			window(&models[i], vcpu, x1, 1, now, x2);
		break;
	case MODEL_WINDOW_CLOSE:
		for (i = 0; i < nmodels; i++)
			window(&models[i], vcpu, x1, 0, now, 0);
		break;
	case MODEL_WINDOW_CANCEL:
		for (i = 0; i < nmodels; i++)
			window(&models[i], vcpu, x1, -1, 0, 0);
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

	uint64_t va;
	unsigned int i;

	if (vcpu >= ncpus || !modelling)
		return;
	va = rt == 31 ? 0 : read_x(vcpu, rt);
	for (i = 0; i < nmodels; i++)
		memsys_dc(&models[i].ms, vcpu, va, (enum dc_op)(d >> 8));
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
	struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);
	uint64_t pa;
	unsigned int i, size;
	bool store;

	if (!modelling || !hw || qemu_plugin_hwaddr_is_io(hw) || vcpu >= ncpus)
		return;
	pa = qemu_plugin_hwaddr_phys_addr(hw);
	size = 1u << qemu_plugin_mem_size_shift(info);
	store = qemu_plugin_mem_is_store(info);
	for (i = 0; i < nmodels; i++)
		memsys_access(&models[i].ms, vcpu, pa, vaddr, size, store, (uint64_t)(uintptr_t)udata,
			      insns[vcpu]);
}

static void on_block(unsigned int vcpu, void *udata)
{
	if (vcpu < ncpus)
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
	if (vcpu >= ncpus) {
		fprintf(stderr, "uvcdma model: vCPU %u not modelled (at most %d)\n", vcpu, MAX_VCPUS);
		g_array_free(regs, TRUE);
		return;
	}
	for (i = 0; i < regs->len; i++) {
		qemu_plugin_reg_descriptor *r = &g_array_index(regs, qemu_plugin_reg_descriptor, i);
		unsigned int n;
		char end;

		if (sscanf(r->name, "x%u%c", &n, &end) == 1 && n <= 30)
			xregs[vcpu][n] = r->handle;
	}
	g_array_free(regs, TRUE);
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	unsigned int i;

	(void)id;
	(void)udata;
	for (i = 0; i < nmodels; i++) {
		write_report(&models[i]);
		if (models[i].windows_file)
			fclose(models[i].windows_file);
	}
}

static void usage(const char *why)
{
	fprintf(stderr, "uvcdma model: %s (platform=FILE,out=FILE[,windows=FILE], repeated)\n", why);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	struct model *md = NULL;
	char err[512];
	unsigned int k;
	int i;

	if (!info->system_emulation || strcmp(info->target_name, "aarch64")) {
		fprintf(stderr, "uvcdma model: models an aarch64 system guest, not %s%s\n",
			info->target_name, info->system_emulation ? "" : " user mode");
		return -1;
	}
	/*
	 * One L1 a vCPU the machine can have: DMA and cache maintenance
	 * visit every L1, so none for vCPUs that cannot exist.
	 */
	ncpus = info->system.max_vcpus > 0 && info->system.max_vcpus < MAX_VCPUS ?
		(unsigned int)info->system.max_vcpus : MAX_VCPUS;
	models = calloc(MAX_MODELS, sizeof(*models));
	if (!models)
		return -1;
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "platform=", 9)) {
			if (nmodels == MAX_MODELS) {
				usage("too many platforms");
				return -1;
			}
			md = &models[nmodels++];
			if (platform_load(argv[i] + 9, &md->platform, err, sizeof(err))) {
				fprintf(stderr, "uvcdma model: %s\n", err);
				return -1;
			}
			if (memsys_init(&md->ms, &md->platform, ncpus)) {
				fprintf(stderr, "uvcdma model: out of memory\n");
				return -1;
			}
		} else if (!md) {
			usage("platform= comes first");
			return -1;
		} else if (!strncmp(argv[i], "out=", 4) && argv[i][4]) {
			md->out_path = g_strdup(argv[i] + 4);
		} else if (!strncmp(argv[i], "windows=", 8)) {
			md->windows_file = fopen(argv[i] + 8, "w");
			if (!md->windows_file) {
				fprintf(stderr, "uvcdma model: cannot write %s\n", argv[i] + 8);
				return -1;
			}
			fprintf(md->windows_file, "phase,window,ns,insns,stall_cycles,stream_cycles,bytes,"
				"l1_misses,l2_misses,prefetched_used,uncached_loads,dc_ops\n");
		} else {
			fprintf(stderr, "uvcdma model: unknown argument '%s'\n", argv[i]);
			usage("arguments");
			return -1;
		}
	}
	if (!nmodels) {
		usage("no platform");
		return -1;
	}
	for (k = 0; k < nmodels; k++) {
		if (!models[k].out_path) {
			fprintf(stderr, "uvcdma model: platform %s has no out=FILE\n", models[k].platform.name);
			return -1;
		}
		new_phase(&models[k], "boot");
	}
	regbuf = g_byte_array_new();
	qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * platform.h - where a run was measured: kernel, URB allocation mode,
 * emulator or hardware, CPU.
 *
 * Emulator rule (uvcstat(1)): QEMU when the device tree's root compatible
 * holds "linux,dummy-virt" (QEMU's arm "virt" machine) or DMI names QEMU
 * (sys_vendor or product_name). It is "QEMU KVM" only when the guest can
 * see KVM: the x86 cpuinfo flag "hypervisor" together with a kvm-clock
 * clocksource; otherwise "QEMU TCG" (an arm64 guest cannot tell KVM from
 * TCG from the inside; the lab runs TCG, README.md). Anything else is
 * "hardware", named by the device tree model or the DMI product.
 * Timings measured under TCG say nothing about caches (README.md).
 */
#ifndef UVCSTAT_PLATFORM_H
#define UVCSTAT_PLATFORM_H

#include <stddef.h>

struct uvc_platform {
	char kernel[128];	/* uname -r */
	char arch[32];		/* uname -m */
	char machine[192];	/* "QEMU TCG (linux,dummy-virt)", "hardware (Raspberry Pi 4 Model B)" */
	int emulated;		/* 1: QEMU TCG, 2: QEMU KVM, 0: hardware */
	char cpu[192];		/* "Intel(R) ..." or "implementer 0x41 part 0xd08"; " x N" CPUs */
	char urb_alloc[32];	/* /sys/module/uvcvideo/parameters/urb_alloc, "" if none */
	char timing_stats[8];	/* /sys/module/uvcvideo/parameters/timing_stats: "Y", "N", "" */
};

/* The facts, read from the files under ROOT ("" for the real system). */
struct uvc_platform_facts {
	const char *dt_compatible;	/* NUL-separated list, as in the file */
	size_t dt_compatible_len;
	const char *dt_model;
	const char *dmi_vendor, *dmi_product;
	int cpu_hypervisor_flag;	/* x86 "hypervisor" in cpuinfo flags */
	int kvm_clock;			/* "kvm-clock" clocksource available */
};

/* The machine line and the emulated code from FACTS (pure). */
int uvc_platform_classify(const struct uvc_platform_facts *f, char *machine, size_t size);

/* The CPU description from the text of /proc/cpuinfo (pure). */
void uvc_platform_cpu(const char *cpuinfo, char *cpu, size_t size);

void uvc_platform_probe(const char *root, struct uvc_platform *p);

#endif

// SPDX-License-Identifier: GPL-2.0
/* platform.c - where a run was measured (platform.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "platform.h"

static int list_has(const char *list, size_t len, const char *word)
{
	size_t i = 0, n;

	while (i < len) {
		n = strnlen(list + i, len - i);
		if (n == strlen(word) && memcmp(list + i, word, n) == 0)
			return 1;
		i += n + 1;
	}
	return 0;
}

static int has_qemu(const char *s)
{
	return s && strstr(s, "QEMU");
}

int uvc_platform_classify(const struct uvc_platform_facts *f, char *machine, size_t size)
{
	int dt_virt = f->dt_compatible &&
		      list_has(f->dt_compatible, f->dt_compatible_len, "linux,dummy-virt");
	int dmi_qemu = has_qemu(f->dmi_vendor) || has_qemu(f->dmi_product);
	const char *why = dt_virt ? "linux,dummy-virt" : "DMI";
	const char *name;

	if (dt_virt || dmi_qemu) {
		if (f->cpu_hypervisor_flag && f->kvm_clock) {
			snprintf(machine, size, "QEMU KVM (%s)", why);
			return 2;
		}
		snprintf(machine, size, "QEMU TCG (%s; TCG does not model caches: not hardware figures)", why);
		return 1;
	}
	name = f->dt_model && *f->dt_model ? f->dt_model :
	       f->dmi_product && *f->dmi_product ? f->dmi_product : "unknown model";
	snprintf(machine, size, "hardware (%s)", name);
	return 0;
}

/* The value of the first "KEY<blanks>: value" line of TEXT, or NULL. */
static const char *cpuinfo_value(const char *text, const char *key, char *buf, size_t size)
{
	const char *p = text;
	size_t k = strlen(key);

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (len > k && strncmp(p, key, k) == 0 && (p[k] == ' ' || p[k] == '\t' || p[k] == ':')) {
			const char *v = memchr(p, ':', len);

			if (v) {
				v++;
				while (*v == ' ' || *v == '\t')
					v++;
				len -= (size_t)(v - p);
				snprintf(buf, size, "%.*s", (int)len, v);
				return buf;
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	return NULL;
}

void uvc_platform_cpu(const char *cpuinfo, char *cpu, size_t size)
{
	char model[128], impl[32], part[32];
	unsigned int ncpu = 0;
	const char *p;

	for (p = cpuinfo; p && (p = strstr(p, "processor")); p++)
		if ((p == cpuinfo || p[-1] == '\n') && (p[9] == ' ' || p[9] == '\t' || p[9] == ':'))
			ncpu++;
	if (cpuinfo_value(cpuinfo, "model name", model, sizeof(model)))
		snprintf(cpu, size, "%s x %u", model, ncpu);
	else if (cpuinfo_value(cpuinfo, "CPU implementer", impl, sizeof(impl)) &&
		 cpuinfo_value(cpuinfo, "CPU part", part, sizeof(part)))
		snprintf(cpu, size, "implementer %s part %s x %u", impl, part, ncpu);
	else
		snprintf(cpu, size, "unknown x %u", ncpu);
}

/* Reads ROOT/PATH whole (at most SIZE - 1 bytes), NUL-terminated; length or -1. */
static long slurp(const char *root, const char *path, char *buf, size_t size)
{
	char full[512];
	size_t n;
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	buf[0] = '\0';
	f = fopen(full, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = '\0';
	return (long)n;
}

static void chomp(char *s)
{
	s[strcspn(s, "\n")] = '\0';
}

void uvc_platform_probe(const char *root, struct uvc_platform *p)
{
	static char cpuinfo[65536];
	char compat[512], model[128], vendor[128], product[128], clocks[256];
	struct uvc_platform_facts f = { 0 };
	struct utsname u;
	long n;

	memset(p, 0, sizeof(*p));
	if (uname(&u) == 0) {
		snprintf(p->kernel, sizeof(p->kernel), "%.127s", u.release);
		snprintf(p->arch, sizeof(p->arch), "%.31s", u.machine);
	}
	n = slurp(root, "/proc/device-tree/compatible", compat, sizeof(compat));
	if (n < 0)
		n = slurp(root, "/sys/firmware/devicetree/base/compatible", compat, sizeof(compat));
	if (n > 0) {
		f.dt_compatible = compat;
		f.dt_compatible_len = (size_t)n;
	}
	if (slurp(root, "/proc/device-tree/model", model, sizeof(model)) > 0)
		f.dt_model = model;
	if (slurp(root, "/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor)) > 0) {
		chomp(vendor);
		f.dmi_vendor = vendor;
	}
	if (slurp(root, "/sys/class/dmi/id/product_name", product, sizeof(product)) > 0) {
		chomp(product);
		f.dmi_product = product;
	}
	slurp(root, "/proc/cpuinfo", cpuinfo, sizeof(cpuinfo));
	f.cpu_hypervisor_flag = strstr(cpuinfo, " hypervisor") != NULL;
	slurp(root, "/sys/devices/system/clocksource/clocksource0/available_clocksource",
	      clocks, sizeof(clocks));
	f.kvm_clock = strstr(clocks, "kvm-clock") != NULL;
	p->emulated = uvc_platform_classify(&f, p->machine, sizeof(p->machine));
	uvc_platform_cpu(cpuinfo, p->cpu, sizeof(p->cpu));
	if (slurp(root, "/sys/module/uvcvideo/parameters/urb_alloc", p->urb_alloc,
		  sizeof(p->urb_alloc)) > 0)
		chomp(p->urb_alloc);
	if (slurp(root, "/sys/module/uvcvideo/parameters/timing_stats", p->timing_stats,
		  sizeof(p->timing_stats)) > 0)
		chomp(p->timing_stats);
}

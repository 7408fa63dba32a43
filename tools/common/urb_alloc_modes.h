/* SPDX-License-Identifier: GPL-2.0 */
/*
 * urb_alloc_modes.h - uvcvideo's URB buffer allocation modes, as user space
 * sees them: the values and names of the kernel's enum uvc_urb_alloc (the
 * series' urb_alloc module parameter, the `mode` field of the trace events
 * and of `stats_raw`).
 *
 * This is the one list in user space; urb_alloc_modes.sh is its shell twin,
 * and tests/host/urb-alloc-modes.t checks both against the kernel patch and
 * the bpf scripts. Adding a mode: in the series, the enum entry, its
 * uvc_urb_alloc_names[] and show_uvc_urb_alloc() names; here one line; in
 * urb_alloc_modes.sh one word (and the mode in URB_ALLOC_MODES_UNSYNCED if
 * uvcvideo never syncs its buffers); one `@urb_alloc_mode[N] = "name";`
 * line in each bpftrace script of bpf/ that has them.
 */
#ifndef URB_ALLOC_MODES_H
#define URB_ALLOC_MODES_H

/* X(ENUM_SUFFIX, "name"), in the kernel's enum order (value = position). */
#define URB_ALLOC_MODES(X)				\
	X(NONCONTIGUOUS, "noncontiguous")		\
	X(COHERENT, "coherent")				\
	X(USB_COHERENT, "usb-coherent")			\
	X(NONCOHERENT, "noncoherent")

#define URB_ALLOC_MODE_ENUM(id, name) URB_ALLOC_##id,
enum urb_alloc_mode {
	URB_ALLOC_MODES(URB_ALLOC_MODE_ENUM)
	URB_ALLOC_MODE_COUNT
};
#undef URB_ALLOC_MODE_ENUM

#include <string.h>

/* The name of mode value V, or NULL if V names no mode. */
static inline const char *urb_alloc_mode_name(int v)
{
#define URB_ALLOC_MODE_NAME(id, name) [URB_ALLOC_##id] = name,
	static const char *const names[URB_ALLOC_MODE_COUNT] = {
		URB_ALLOC_MODES(URB_ALLOC_MODE_NAME)
	};
#undef URB_ALLOC_MODE_NAME

	return v >= 0 && v < URB_ALLOC_MODE_COUNT ? names[v] : NULL;
}

/* The value of the mode called NAME, or -1. */
static inline int urb_alloc_mode_parse(const char *name)
{
	int v;

	for (v = 0; v < URB_ALLOC_MODE_COUNT; v++)
		if (strcmp(urb_alloc_mode_name(v), name) == 0)
			return v;
	return -1;
}

#endif

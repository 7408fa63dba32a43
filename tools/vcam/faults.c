// SPDX-License-Identifier: GPL-2.0
/* The fault table's look-ups (the table itself is faults.h). */
#include "vcam.h"

#include <string.h>

static const struct {
	const char *name;
	char kind;
	const char *text;
} faults[F_COUNT] = {
#define VCAM_FAULT_ROW(id, n, k, t) [F_##id] = { n, k, t },
	VCAM_FAULTS(VCAM_FAULT_ROW)
#undef VCAM_FAULT_ROW
};

const char *vcam_fault_name(enum vcam_fault f)
{
	return f < F_COUNT ? faults[f].name : "?";
}

char vcam_fault_kind(enum vcam_fault f)
{
	return f < F_COUNT ? faults[f].kind : '?';
}

const char *vcam_fault_text(enum vcam_fault f)
{
	return f < F_COUNT ? faults[f].text : "?";
}

int vcam_fault_parse(const char *name)
{
	for (int f = 0; f < F_COUNT; f++)
		if (!strcmp(name, faults[f].name))
			return f;
	return -1;
}

unsigned int vcam_fault_mask(char kind)
{
	unsigned int m = 0;

	for (int f = 0; f < F_COUNT; f++)
		if (faults[f].kind == kind)
			m |= 1u << f;
	return m;
}

const char *vcam_fault_list(void)
{
	static char list[F_COUNT * 24];

	if (!list[0])
		for (int f = 0; f < F_COUNT; f++) {
			if (f)
				strcat(list, ", ");
			strcat(list, faults[f].name);
		}
	return list;
}

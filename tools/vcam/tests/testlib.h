/* SPDX-License-Identifier: GPL-2.0 */
/* What vcam's unit test programs share: TAP output and argument parsing. */
#ifndef VCAM_TESTLIB_H
#define VCAM_TESTLIB_H

#include "vcam.h"

#include <stdint.h>

/* TAP: one "ok N - ..." line; returns cond. */
int ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The plan line; the program's exit status. */
int tap_done(void);

/* Little-endian fields of a descriptor. */
static inline uint16_t rd16(const uint8_t *p) { return p[0] | p[1] << 8; }

/* vcam's defaults, then ARGS (space-separated) as its command line. */
int config_from(struct vcam_config *c, const char *args);

#endif

// SPDX-License-Identifier: GPL-2.0
/* report.c - the names of a report's lines and keys. */
#include "report.h"

const char *const uvc_timing_label[UVC_T_COUNT] = {
	"URB", "header", "latency", "decode", "sync for cpu", "sync for device",
};

const char *const uvc_timing_key[UVC_T_COUNT] = {
	"urb", "header", "latency", "decode", "sync_cpu", "sync_device",
};

const char *const uvc_speed_label[UVC_S_COUNT] = {
	"raw decode speed", "raw URB handling speed", "throughput",
};

const char *const uvc_speed_key[UVC_S_COUNT] = {
	"raw_decode", "raw_urb", "throughput",
};

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one list of vcam's faults. Each X(ID, name, kind, text) gives the
 * enum value F_<ID>, the --fault name, its kind and the one-line
 * description that `vcam --help` and `vcam --list-faults` print;
 * README.md's fault table says the same (tests/host/vcam-faults-doc.t
 * compares it with --list-faults). Kinds:
 *   S  a stream fault: changes the faulty frames (--fault-after,
 *      --fault-every, --fault-limit count frames)
 *   C  a control fault: STALLs (or, ctrl-change-in-set, answers wrongly)
 *      a class request once --fault-after frames were sent (--fault-limit
 *      counts the requests each one spoilt)
 *   D  a descriptor fault: changes the configuration descriptor
 */
#ifndef VCAM_FAULTS_H
#define VCAM_FAULTS_H

#define VCAM_FAULTS(X) \
	X(HDR_LEN_0, "hdr-len-0", 'S', "bHeaderLength 0 in the frame's payloads") \
	X(HDR_LEN_1, "hdr-len-1", 'S', "bHeaderLength 1 in the frame's payloads") \
	X(HDR_LEN_LONG, "hdr-len-long", 'S', "an 8-byte payload with bHeaderLength 12 before the frame") \
	X(ERR_BIT, "err-bit", 'S', "ERR set in the frame's payload headers") \
	X(FID_STUCK, "fid-stuck", 'S', "FID never toggles (from the first faulty frame on)") \
	X(FID_TOGGLE, "fid-toggle", 'S', \
	  "FID toggles on every payload of the frame (--payload-size)") \
	X(OVERSIZE, "oversize", 'S', "4096 bytes more than dwMaxVideoFrameSize") \
	X(TRUNCATE, "truncate", 'S', "only the first half of the frame") \
	X(EMPTY_PAYLOADS, "empty-payloads", 'S', \
	  "3 header-only payloads and a zero-length one first") \
	X(RANDOM, "random-bytes", 'S', "64 random bytes (--seed) overwritten at a random place") \
	X(RANDOM_PAYLOAD, "random-payload", 'S', \
	  "random bytes in payloads of random lengths instead (--seed)") \
	X(DISCONNECT, "disconnect", 'S', "disconnect halfway through the faulty frame, then exit") \
	X(EP_STALL, "ep-stall", 'S', \
	  "halt the bulk endpoint halfway through the faulty frame; resume at the next commit") \
	X(STALL_PROBE, "stall-probe", 'C', "STALL every VS_PROBE request") \
	X(STALL_PROBE_GET, "stall-probe-get", 'C', "STALL GET_CUR(VS_PROBE)") \
	X(STALL_PROBE_SET, "stall-probe-set", 'C', "STALL SET_CUR(VS_PROBE)") \
	X(STALL_COMMIT_GET, "stall-commit-get", 'C', "STALL GET_CUR(VS_COMMIT)") \
	X(STALL_COMMIT, "stall-commit", 'C', "STALL SET_CUR(VS_COMMIT)") \
	X(CTRL_CHANGE_IN_SET, "ctrl-change-in-set", 'C', \
	  "--async-ctrl: report a change of brightness to another value at once, before each " \
	  "SET_CUR's own (which comes as --async-delay or --async-hold say)") \
	X(DESC_LENGTH, "desc-bad-length", 'D', "VS format descriptor one byte short") \
	X(DESC_FRAME_SHORT, "desc-frame-short", 'D', \
	  "frame descriptors 4 bytes shorter than their intervals need") \
	X(DESC_TOTAL_SHORT, "desc-total-short", 'D', \
	  "wTotalLength 7 bytes short: no endpoint descriptor") \
	X(DESC_LINK, "desc-bad-link", 'D', "VS input header bTerminalLink names no terminal") \
	X(DESC_MAXP0, "desc-maxp0", 'D', \
	  "bulk endpoint advertised with wMaxPacketSize 0") \
	X(DESC_NO_FRAMES, "desc-no-frames", 'D', "the last format has no frame descriptor") \
	X(DESC_FUZZ, "desc-fuzz", 'D', \
	  "configuration descriptor mutated at random by --seed") \
	X(DESC_GEN, "desc-gen", 'D', \
	  "configuration built from the UVC 1.5 grammar by --seed, fields disagreeing for half the seeds")

enum vcam_fault {
#define VCAM_FAULT_ENUM(id, name, kind, text) F_##id,
	VCAM_FAULTS(VCAM_FAULT_ENUM)
#undef VCAM_FAULT_ENUM
	F_COUNT
};

_Static_assert(F_COUNT <= 32, "struct vcam_config.faults is a 32-bit mask");

const char *vcam_fault_name(enum vcam_fault f);
char vcam_fault_kind(enum vcam_fault f);		/* 'S', 'C' or 'D' */
const char *vcam_fault_text(enum vcam_fault f);
int vcam_fault_parse(const char *name);		/* enum vcam_fault, -1 unknown */
/* Mask of the faults of one kind. */
unsigned int vcam_fault_mask(char kind);
/* "hdr-len-0, hdr-len-1, ...": every name, for error messages. */
const char *vcam_fault_list(void);

#endif

#!/usr/bin/env bash
# uvcstat trace and run, their pure parts (tools/uvcstat/tests/trace_unit.c,
# TAP): the pairing of uvcvideo trace events into per-session statistics on
# synthetic event arrays, the cross-check verdicts, the QEMU/hardware rule,
# and the sysfs walk to the debugfs directory on a fake sysfs tree.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${UVCDMA_BUILD_DIR:-$top/build}/host
if ! make -s -C "$top/tools/uvcstat" OUT="$out" all unit >&2; then
	echo "1..1"
	echo "not ok 1 - tools/uvcstat builds (make -C tools/uvcstat OUT=$out all unit)"
	exit 1
fi
exec "$out/obj/uvcstat/uvcstat-trace-unit"

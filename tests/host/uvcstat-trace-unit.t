#!/usr/bin/env bash
# uvcstat trace and run, their pure parts (tools/uvcstat/tests/trace_unit.c,
# TAP): the pairing of uvcvideo trace events into per-session statistics on
# synthetic event arrays, the cross-check verdicts, the QEMU/hardware rule,
# and the sysfs walk to the debugfs directory on a fake sysfs tree.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
need_build uvcstat all unit
exec "$HOST_OUT/obj/uvcstat/uvcstat-trace-unit"

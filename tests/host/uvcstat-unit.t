#!/usr/bin/env bash
# uvcstat unit tests (tools/uvcstat/tests/unit.c, TAP): the exact-format
# engine against the published blocks, the std overflow fix, the parsers,
# the statistics against independently computed values, mutated inputs.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${UVCDMA_BUILD_DIR:-$top/build}/host
if ! make -s -C "$top/tools/uvcstat" OUT="$out" all unit >&2; then
	echo "1..1"
	echo "not ok 1 - tools/uvcstat builds (make -C tools/uvcstat OUT=$out all unit)"
	exit 1
fi
exec "$out/obj/uvcstat/uvcstat-unit"

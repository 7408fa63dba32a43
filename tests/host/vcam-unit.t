#!/usr/bin/env bash
# vcam's host unit tests (tools/vcam/unit.c, TAP): descriptor bytes against
# the known-good set of the design notes, probe/commit negotiation, payload
# framing and ZERO-flag rules, the framestamp verifier, the JPEG encoder
# (decoded back) and the command line.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
out=${UVCDMA_BUILD_DIR:-$top/build}/host

if ! log=$(make -s -C "$top/tools/vcam" OUT="$out" 2>&1); then
	plan 1
	_tap_result 0 "build tools/vcam for the host"
	diag "$log"
	exit 1
fi
exec "$out/bin/vcam-unit"

#!/usr/bin/env bash
# vcam's host unit tests (tools/vcam/tests/unit.c, TAP): descriptor bytes against
# the known-good set of the design notes, probe/commit negotiation, payload
# framing and ZERO-flag rules, the framestamp verifier, the JPEG encoder
# (decoded back), the command line, the writer's interrupt (one SIGUSR1 at
# a time, however slow the handler) and the report of a stuck thread.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
need_build vcam unit
exec "$HOST_OUT/obj/vcam/vcam-unit"

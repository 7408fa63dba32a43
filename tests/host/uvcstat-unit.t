#!/usr/bin/env bash
# uvcstat unit tests (tools/uvcstat/tests/unit.c, TAP): the exact-format
# engine against the published blocks, the std overflow fix, the parsers,
# the statistics against independently computed values, mutated inputs.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
need_build uvcstat all unit
exec "$HOST_OUT/obj/uvcstat/uvcstat-unit"

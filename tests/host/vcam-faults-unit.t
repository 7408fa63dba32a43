#!/usr/bin/env bash
# vcam's fault table, descriptor faults and desc-fuzz mutator
# (tools/vcam/tests/faults_unit.c, TAP): names, kinds and masks, the
# descriptor bytes of each descriptor fault, the mutator's determinism and
# bounds over 2000 seeds, --fault-limit.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
need_build vcam unit
exec "$HOST_OUT/obj/vcam/vcam-faults-unit"

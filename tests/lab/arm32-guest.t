#!/usr/bin/env bash
# The KERNEL base's series in a 32-bit arm guest with lockdep, SMP, PREEMPT,
# HIGHMEM and DMA-API debug (qemu/arm32-guest.sh): one stream in every URB
# allocation mode, with a reader of the statistics files racing the
# writers, verifies, and the kernel reports nothing. On 32-bit the
# statistics' u64 counters are sequence counts that lockdep checks, which
# no 64-bit guest can show.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
# shellcheck source=qemu/lib.sh
. "$top/qemu/lib.sh"
command -v arm-linux-gnueabihf-gcc >/dev/null || skip_all "no arm-linux-gnueabihf-gcc: run 'make deps'"
command -v qemu-system-arm >/dev/null || skip_all "no qemu-system-arm: run 'make deps'"
[ -d "$KERNEL_MAIN_SRC" ] || skip_all "no $KERNEL kernel tree: run 'make kernel KERNEL=$KERNEL'"
exec "$top/qemu/arm32-guest.sh" run

#!/usr/bin/env bash
# qemu/run: bad usage is refused with one clear line and exit 2, before any
# guest boots.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan $((11 * 2 + 4))	# 11 refusals of 2 tests each, --help 4
run=$top/qemu/run

check() { # check "name" REGEX ARGS...
	local name=$1 regex=$2 out st
	shift 2
	out=$("$run" "$@" 2>&1) && st=0 || st=$?
	is "$st" 2 "$name: exit 2"
	like "$out" "$regex" "$name: says why"
}
check "no command" 'no command given' 
check "command without --" "unexpected argument 'true'" true
check "bad --timeout" "'abc' is not a positive whole number" --timeout abc -- true
check "zero --smp" "'0' is not a positive whole number" --smp 0 -- true
check "--timeout without value" '--timeout needs a value' --timeout
check "--shell with a command" '--shell takes no command' --shell -- true
check "unknown --clock" "unknown clock 'wall' \\(one of: icount realtime\\)" --clock wall -- true
check "--icount-shift out of range" "icount shift '11' is not a whole number from 0 to 10" --icount-shift 11 -- true
check "unknown --iommu" "unknown IOMMU 'intel' \\(none or smmuv3\\)" --iommu intel -- true
check "--device without value" '--device needs a value' --device
check "missing kernel" "no kernel image at /nonexistent: run 'make lab KERNEL=[0-9.]+'" --kernel /nonexistent -- true

out=$("$run" --help 2>&1) && st=0 || st=$?
is "$st" 0 "--help: exit 0"
like "$out" '124 +the watchdog' "--help documents the exit statuses"
like "$out" '--iommu none\|smmuv3' "--help documents --iommu"
like "$out" '--pci-noncoherent' "--help documents --pci-noncoherent"
done_testing

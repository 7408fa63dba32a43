#!/bin/bash
# In the guest: bad input to dmabench and to dma_nc_bench's ioctls (with
# --no-validate, straight to the kernel) ends with one clear line and its
# exit status, and never with a buffer left allocated; a process that
# exits or is killed holding a buffer has it freed by the kernel.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/dmabench-lib.sh

# refused NAME STATUS REGEX ARGS...: dmabench ARGS exits STATUS, says REGEX, leaks nothing.
refused() {
	local name=$1 want=$2 regex=$3 out st
	shift 3
	out=$(dmabench "$@" 2>&1) && st=0 || st=$?
	is "$st" "$want" "$name: exit $want"
	like "$out" "$regex" "$name: says why"
	is "$(dnb_live)" 0 "$name: no buffer left allocated"
}

strategies=$(dmabench --list-strategies | paste -sd' ')
read -ra strategy_list <<<"$strategies"
# test and bench: 10 refusals of 3 tests each; 2 refusals more; 2 a
# strategy held; 4
plan $((2 * 10 * 3 + 2 * 3 + 2 * ${#strategy_list[@]} + 4))

dnb_load
for cmd in test bench; do
	refused "$cmd, unknown strategy" 2 "^dmabench: unknown strategy 'bogus' \\(one of: $strategies\\)$" $cmd -s bogus
	refused "$cmd, size 0" 2 "^dmabench: size '0' is 0" $cmd -z 0
	refused "$cmd, size not a page multiple" 2 "^dmabench: size '4097' is not a multiple of the page size \\(4096 bytes\\)$" $cmd -z 4097
	refused "$cmd, size too large" 2 "^dmabench: size '8M' is too large \\(at most 4M\\)$" $cmd -z 8M
	refused "$cmd, device without DMA" 2 "cannot do DMA: it has no DMA mask$" $cmd -d nodma
	# The kernel's own checks: the same inputs, unchecked by dmabench.
	refused "$cmd --no-validate, unknown strategy" 4 'unknown allocation strategy' $cmd --no-validate -s 9 -z 4K -n 1
	refused "$cmd --no-validate, size 0" 4 'size is 0' $cmd --no-validate -s pages -z 0 -n 1
	refused "$cmd --no-validate, size not a page multiple" 4 'size is not a multiple of the page size' $cmd --no-validate -s coherent -z 4097 -n 1
	refused "$cmd --no-validate, size too large" 4 "size is larger than the module's maximum" $cmd --no-validate -s noncontiguous -z 8M -n 1
	refused "$cmd --no-validate, device without DMA" 4 'the device cannot do DMA \(no DMA mask\)' $cmd --no-validate -d nodma -s noncoherent -z 4K -n 1
done
refused "unknown device" 3 "cannot open /dev/dma_nc_bench-bogus: No such file or directory" info -d bogus
refused "iterations 0" 2 "iterations '0' must be a whole number from 1 to 10000" bench -n 0

for s in "${strategy_list[@]}"; do
	out=$(dmabench hold -s "$s" -z 64K 2>&1) && st=0 || st=$?
	is "$st" 0 "hold $s: allocates and exits without freeing"
	is "$(dnb_live)" 0 "hold $s: the kernel freed the buffer when the file closed"
done

dmabench hold --wait -s noncontiguous -z 1M >/tmp/hold.out 2>&1 &
pid=$!
for _ in $(seq 100); do
	[ "$(dnb_live)" = 1 ] && break
	sleep 0.1
done
is "$(dnb_live)" 1 "a held buffer is counted (the leak check can fail)"
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
is "$(dnb_live)" 0 "SIGKILL while holding a buffer: the kernel freed it"
dnb_unload
done_testing

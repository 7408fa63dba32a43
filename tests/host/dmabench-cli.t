#!/usr/bin/env bash
# dmabench (tools/dmabench) on the host, where no dma_nc_bench device
# exists: bad input is refused in user space with one clear line and exit
# 2 before any device is opened; a missing device is exit 3; the list of
# strategies is the module interface's (kmod/dma_nc_bench/dma_nc_bench.h).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
dmabench=$HOST_OUT/bin/dmabench
need_build dmabench
# the strategies 2, refusals of 3 tests each (5 for test and for bench,
# 6 more), --help 2
plan $((2 + (2 * 5 + 6) * 3 + 2))

# refused NAME STATUS REGEX ARGS...
refused() {
	local name=$1 want=$2 regex=$3 out st
	shift 3
	out=$("$dmabench" "$@" 2>&1) && st=0 || st=$?
	is "$st" "$want" "$name: exit $want"
	like "$out" "$regex" "$name: says why"
	is "$(wc -l <<<"$out")" 1 "$name: in one line"
}

strategies=$(sed -nE 's/^[[:space:]]*X\([A-Z_]+, "([a-z-]+)"\).*/\1/p' \
	"$top/kmod/dma_nc_bench/dma_nc_bench.h" | head -n 4 | paste -sd' ')
is "$("$dmabench" --list-strategies | paste -sd' ')" "$strategies" \
	"--list-strategies prints the strategies of dma_nc_bench.h, in order"
is "$strategies" "noncontiguous coherent noncoherent pages" "the four strategies of the DMA API benchmark"

page=$(getconf PAGESIZE)
for cmd in test bench; do
	refused "$cmd: unknown strategy" 2 "^dmabench: unknown strategy 'vmalloc' \\(one of: $strategies\\)$" $cmd -s vmalloc
	refused "$cmd: size 0" 2 "^dmabench: size '0' is 0: a buffer needs at least one page$" $cmd -z 0
	refused "$cmd: size not a page multiple" 2 "^dmabench: size '1000' is not a multiple of the page size \\($page bytes\\)$" $cmd -z 1000
	refused "$cmd: size too large" 2 "^dmabench: size '5M' is too large \\(at most 4M\\)$" $cmd -z 4K,5M
	refused "$cmd: size not a number" 2 "^dmabench: size '4X' is not a number of bytes" $cmd -z 4X
done
refused "no command" 2 '^dmabench: one command expected' -z 4K
refused "unknown command" 2 "^dmabench: unknown command 'run'" run
refused "iterations too many" 2 "iterations '10001' must be a whole number from 1 to 10000" bench -n 10001
refused "hold needs one strategy and size" 2 'hold takes one strategy' hold
refused "no device" 3 "^dmabench: cannot open /dev/dma_nc_bench-platform: No such file or directory \\(modprobe dma_nc_bench" test -z 4K
refused "--no-validate still needs a number" 2 "unknown strategy 'bogus'" test --no-validate -s bogus

out=$("$dmabench" --help) && st=0 || st=$?
is "$st" 0 "--help: exit 0"
like "$out" '^exit status: 0 ok, 1 a self-test check failed, 2 bad usage or input,' "--help documents the exit statuses"
done_testing

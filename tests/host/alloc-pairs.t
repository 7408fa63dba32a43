#!/usr/bin/env bash
# alloc_pairs (tests/lib/robust.sh), which the allocation-fault scenario
# reads the URB buffers' life from: allocations, failures, frees with the
# size they were allocated with, what is left. Fixture traces in
# tests/host/fixtures/alloc-pairs/ (each says what it holds).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/robust.sh"
plan 2
fixtures=$top/tests/host/fixtures/alloc-pairs

is "$(alloc_pairs "$fixtures/coherent-fallback.trace")" \
	"allocs 4 frees 3 failed 1 size-mismatch 1 unfreed 0 unknown-free 0 sizes 16384,!16384,8192,8192" \
	"dma_alloc: a NULL virt_addr is a failure whatever the stale dma_addr; a free with another size is a mismatch; other devices are ignored"
is "$(alloc_pairs "$fixtures/noncontiguous-err.trace")" \
	"allocs 3 frees 1 failed 1 size-mismatch 0 unfreed 1 unknown-free 0 sizes 16384,!16384,8192" \
	"dma_alloc_sgt_err is a failure; a buffer never freed is unfreed"
done_testing

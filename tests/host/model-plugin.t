#!/usr/bin/env bash
# The memory model's host-side parts (model/plugin/tests/unit.c, TAP): the
# platform parser's errors, the coherency check (a stale read after DMA, none
# after DC IVAC, DMA onto a dirty line), uncached loads (an LDP is one round
# trip, stores posted) and the stream prefetcher on a copy, each against a
# figure worked out by hand; and the plugin itself builds against QEMU 10's
# qemu-plugin.h when make model has fetched it.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
# shellcheck source=qemu/lib.sh
. "$top/qemu/lib.sh"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
make -s -C "$top/model/plugin" OUT="$out" unit >"$out/build.log" 2>&1 ||
	{ plan 1; ok 1 "model/plugin's unit tests build"; diag "$(cat "$out/build.log")"; exit 1; }
"$out/model-unit" >"$out/unit.tap" && st=0 || st=$?
n=$(sed -n 's/^1\.\.//p' "$out/unit.tap")
plan $((n + 2))
while read -r line; do
	if [[ $line == "not ok"* ]]; then ok 1 "${line#not ok * - }"; else ok 0 "${line#ok * - }"; fi
done < <(grep -E '^(not )?ok ' "$out/unit.tap")
is "$st" 0 "the unit program exits 0"
if [ -r "$MODEL_QEMU_DIR/include/qemu-plugin.h" ]; then
	make -s -C "$top/model/plugin" OUT="$out" QEMU_PLUGIN_INC="$MODEL_QEMU_DIR/include" >"$out/plugin.log" 2>&1 &&
		st=0 || st=$?
	is "$st" 0 "the plugin builds with -Wall -Wextra -Werror against QEMU 10's qemu-plugin.h"
	[ "$st" -eq 0 ] || diag "$(cat "$out/plugin.log")"
else
	skip "the plugin builds against QEMU 10's qemu-plugin.h" "no qemu-plugin.h: run 'make model'"
fi
done_testing

#!/usr/bin/env bash
# uvcstat cross-built for boards (docs/hardware.md, "Cross-build uvcstat"),
# 64-bit and 32-bit arm, static, with the page's commands: under qemu-user
# each binary prints byte for byte what the host build prints for report
# (text, JSON, CSV, --fix-std) and compare (columns, groups with bootstrap
# CIs) of the test fixtures, so 32-bit arithmetic changes no figure.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
for t in aarch64-linux-gnu-gcc arm-linux-gnueabihf-gcc qemu-aarch64 qemu-arm; do
	command -v "$t" >/dev/null || skip_all "no $t (make deps installs it)"
done
need_build uvcstat all
plan $((2 * 3))	# 3 a target (1 when its build fails)
build=${UVCDMA_BUILD_DIR:-$top/build}
fix=$top/tests/host/fixtures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The runs to compare: each line is one uvcstat command line.
raws=("$fix"/uvcstat/*.raw)
{
	for f in "${raws[@]}" "$fix"/reference/*.txt; do
		echo "report $f"
		echo "report --json $f"
		echo "report --csv $f"
		echo "report --fix-std $f"
	done
	echo "compare ${raws[*]}"
	groups="--label coherent $(echo "$fix"/uvcstat/coherent-*.raw) --label noncontiguous $(echo "$fix"/uvcstat/noncontiguous-*.raw)"
	echo "compare $groups"
	echo "compare --json $groups"
	echo "compare --csv $groups"
	echo "compare $fix/reference/report-aarch64-noncontiguous.txt ${raws[0]}"
	echo "run --help"
} >"$tmp/commands"

for target in "arm64 aarch64-linux-gnu- qemu-aarch64" "armhf arm-linux-gnueabihf- qemu-arm"; do
	read -r name cross qemu <<<"$target"
	out=$build/board-$name
	log=$(make -s -C "$top/tools/uvcstat" CROSS_COMPILE="$cross" OUT="$out" 2>&1) && st=0 || st=$?
	ok "$st" "make -C tools/uvcstat CROSS_COMPILE=$cross OUT=build/board-$name"
	[ "$st" -eq 0 ] || { diag "$log"; continue; }
	like "$(file -b "$out/bin/uvcstat" 2>/dev/null || echo 'no file command: statically linked')" \
		'statically linked' "$name: a static binary"
	n=0 bad=0
	while read -r -a cmd; do
		n=$((n + 1))
		"$HOST_OUT/bin/uvcstat" "${cmd[@]}" >"$tmp/host" 2>&1 && hst=0 || hst=$?
		"$qemu" "$out/bin/uvcstat" "${cmd[@]}" >"$tmp/cross" 2>&1 && cst=0 || cst=$?
		# every command succeeds on the host: equal error messages prove nothing
		if [ "$hst" -ne 0 ] || [ ! -s "$tmp/host" ]; then
			bad=$((bad + 1))
			diag "host: uvcstat ${cmd[*]}: exit $hst"
		elif [ "$cst" -ne 0 ] || ! cmp -s "$tmp/host" "$tmp/cross"; then
			bad=$((bad + 1))
			diag "$name: uvcstat ${cmd[*]}: exit $cst, output differs from the host's"
		fi
	done <"$tmp/commands"
	ok "$([ "$n" -ge 40 ] && [ "$bad" -eq 0 ] && echo 0 || echo 1)" \
		"$name under $qemu: the host build's output, byte for byte, for $n commands"
done
done_testing

#!/usr/bin/env bash
# KERNEL= picks the kernel base: the bases are the folders of patches/ that
# hold a series, and a base with no series is refused, before anything is
# unpacked or booted, with one line that lists the bases.
# The bash -c scripts take the top directory as $1: single quotes on purpose.
# shellcheck disable=SC2016
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan $((6 + 6 * 3 + 2))	# 6 refusals of 3 tests each

bases=$(for s in "$top"/patches/*/series; do s=${s%/series}; echo "${s##*/}"; done | sort -V | paste -sd' ')
is "$bases" "6.1 6.12 7.3" "three bases have a series: 6.1, 6.12 and 7.3"
is "$(bash -c '. "$1/qemu/lib.sh"; kernel_bases | paste -sd" "' _ "$top")" "$bases" \
	"qemu/lib.sh lists the same bases"
is "$(env -u UVCDMA_KERNEL -u KERNEL bash -c '. "$1/qemu/lib.sh"; echo "$KERNEL $KERNEL_SRC"' _ "$top")" \
	"6.1 $top/build/linux-6.1" "the default base is 6.1, built in build/linux-6.1"
is "$(env -u UVCDMA_KERNEL KERNEL=6.12 bash -c '. "$1/qemu/lib.sh"; echo "$KERNEL $KERNEL_SRC"' _ "$top")" \
	"6.12 $top/build/linux-6.12" "KERNEL=6.12 in the environment (a script run by hand) picks 6.12"
is "$(UVCDMA_KERNEL=7.3 KERNEL=6.12 bash -c '. "$1/qemu/lib.sh"; echo "$KERNEL"' _ "$top")" \
	"7.3" "UVCDMA_KERNEL (what make exports, what tests/exec sets for FILE@BASE) wins over KERNEL"
is "$(UVCDMA_KERNEL=6.12 UVCDMA_KERNEL_VARIANT=unpatched bash -c '. "$1/qemu/lib.sh"; echo "$KERNEL_SERIES $KERNEL_SRC $KERNEL_TARBALL"' _ "$top")" \
	"$top/patches/6.12/series $top/build/linux-6.12-unpatched /usr/src/linux-source-6.12.tar.xz" \
	"a base and a variant name the series, the tree and the source package"

refused() { # refused NAME CMD...: exit 2 and exactly one line naming the bases
	local name=$1 out st
	shift
	out=$("$@" 2>&1) && st=0 || st=$?
	is "$st" 2 "$name: exit 2"
	is "$(wc -l <<<"$out")" 1 "$name: one line"
	like "$out" "no series for KERNEL=5\\.10; the bases are: 6\\.1 6\\.12 7\\.3" "$name: lists the bases"
}
refused "qemu/kernel.sh" env UVCDMA_KERNEL=5.10 "$top/qemu/kernel.sh"
refused "qemu/run" env UVCDMA_KERNEL=5.10 "$top/qemu/run" -- true
refused "patches/regenerate.sh" env UVCDMA_KERNEL=5.10 "$top/patches/regenerate.sh"
# an empty folder of tests: were the base not refused, nothing would run
# (and never this file again)
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
refused "KERNEL=5.10 tests/run" env -u UVCDMA_KERNEL KERNEL=5.10 "$top/tests/run" "$empty"
refused "make kernel KERNEL=5.10" make -s -C "$top" kernel KERNEL=5.10
refused "make check KERNEL=5.10" make -s -C "$top" check KERNEL=5.10
# make -n: were it not refused, it would only print the commands
out=$(make -s -n -C "$top" KERNELS="6.1 6.12" MODEL=rk3399-a53 2>&1) && st=0 || st=$?
is "$st" 2 "make KERNELS=... MODEL=...: refused (MODEL= used to be dropped without a word)"
like "$out" 'MODEL= does not combine with KERNELS=' "it says why ($out)"
done_testing

#!/usr/bin/env bash
# The fuzz harnesses' regression inputs replay cleanly: every file of
# tests/host/fixtures/fuzz/NAME (inputs that once crashed a harness, or
# that reach its deep paths: kept from `make fuzz`) is run once through
# harness NAME built with gcc, ASan and UBSan (make fuzz-replay: no
# libFuzzer, no clang), which aborts on any memory error, undefined
# behaviour or broken invariant of the harness.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
need_build uvcstat fuzz-replay
need_build vcam fuzz-replay
fixtures=$top/tests/host/fixtures/fuzz
dirs=("$fixtures"/*/)
plan $((2 * ${#dirs[@]}))

replayer() {
	case $1 in
	uvcstat-*) echo "$HOST_OUT/obj/uvcstat/uvcstat-replay-${1#uvcstat-}" ;;
	vcam-*) echo "$HOST_OUT/obj/vcam/vcam-replay-${1#vcam-}" ;;
	esac
}

for dir in "${dirs[@]}"; do
	name=$(basename "$dir")
	bin=$(replayer "$name")
	if [ ! -x "$bin" ]; then
		skip "$name: replayer" "uvcstat built without libtracecmd (make deps installs it)"
		skip "$name: every input was run" "no replayer"
		continue
	fi
	mapfile -t inputs < <(find "$dir" -type f | sort)
	out=$(ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		"$bin" "${inputs[@]}" 2>&1) && st=0 || st=$?
	ok "$st" "$name: ${#inputs[@]} inputs replay without a report"
	[ "$st" -eq 0 ] || diag "$(tail -n 30 <<<"$out")"
	is "$(grep -c '^replayed ' <<<"$out")" "${#inputs[@]}" "$name: every input was run"
done
done_testing

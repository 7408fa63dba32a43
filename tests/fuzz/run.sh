#!/usr/bin/env bash
# `make fuzz`: every libFuzzer harness of the project for FUZZ_TIME seconds
# each (default 60; clang, ASan, UBSan):
#   uvcstat-parsers   stats/stats_raw parsers and renderers (tools/uvcstat/fuzz.c)
#   uvcstat-trace     trace pairing, per-URB samples, cross-check (fuzz_trace.c)
#   uvcstat-tracedat  trace.dat reading, in a child and in process (fuzz_tracedat.c; slow:
#                     a fork and libtracecmd per input)
#   vcam-ep0          vcam's control requests (tools/vcam/fuzz/ep0.c)
#   vcam-desc         vcam's descriptors and desc-fuzz mutator (tools/vcam/fuzz/desc.c)
# Each corpus lives in $UVCDMA_BUILD_DIR/fuzz/NAME (kept between runs),
# seeded with the regression inputs of tests/host/fixtures/fuzz/NAME and,
# for the uvcstat ones, the fixtures. A crash is copied to
# tests/host/fixtures/fuzz/NAME/ (then fix it: `make check` replays those
# files, tests/host/fuzz-regress.t) and the run fails. Prints one line per
# harness: executions, seconds, corpus size, crashes.
#   usage: tests/fuzz/run.sh [NAME...]     (FUZZ_TIME=seconds)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${UVCDMA_BUILD_DIR:-$top/build}
host=$build/host
time=${FUZZ_TIME:-60}
all=(uvcstat-parsers uvcstat-trace uvcstat-tracedat vcam-ep0 vcam-desc)
[ $# -gt 0 ] || set -- "${all[@]}"

make -s -C "$top/tools/uvcstat" OUT="$host" fuzz
make -s -C "$top/tools/vcam" OUT="$host" fuzz

# binary NAME: the harness of NAME
binary() {
	case $1 in
	uvcstat-parsers) echo "$host/obj/uvcstat/uvcstat-fuzz" ;;
	uvcstat-*) echo "$host/obj/uvcstat/uvcstat-fuzz-${1#uvcstat-}" ;;
	vcam-*) echo "$host/obj/vcam/vcam-fuzz-${1#vcam-}" ;;
	*) echo "fuzz: unknown harness '$1' (${all[*]})" >&2; return 1 ;;
	esac
}

# seed NAME DIR: the inputs that start a new corpus
seed() {
	local f
	cp -n "$top/tests/host/fixtures/fuzz/$1"/* "$2"/ 2>/dev/null || true
	case $1 in
	uvcstat-parsers)
		for f in "$top"/tests/host/fixtures/uvcstat/*.raw "$top"/tests/host/fixtures/uvcstat/*.txt \
			"$top"/tests/host/fixtures/uvcstat/trace/stats_raw; do
			if [ -f "$f" ]; then cp -n "$f" "$2/"; fi
		done
		;;
	uvcstat-tracedat) cp -n "$top"/tests/host/fixtures/uvcstat/trace/*.dat "$2/" ;;
	esac
}

failed=0
for name in "$@"; do
	bin=$(binary "$name")
	corpus=$build/fuzz/$name
	crashes=$build/fuzz/$name-crashes
	mkdir -p "$corpus" "$crashes"
	seed "$name" "$corpus"
	log=$build/fuzz/$name.log
	st=0
	(cd "$crashes" && "$bin" -max_total_time="$time" -max_len=65536 -timeout=20 \
		-print_final_stats=1 "$corpus" >"$log" 2>&1) || st=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	n=0
	for c in "$crashes"/crash-* "$crashes"/timeout-* "$crashes"/leak-*; do
		[ -e "$c" ] || continue
		mkdir -p "$top/tests/host/fixtures/fuzz/$name"
		mv "$c" "$top/tests/host/fixtures/fuzz/$name/"
		n=$((n + 1))
	done
	echo "fuzz $name: ${execs:-0} executions in ${time} s, corpus $(find "$corpus" -type f | wc -l) inputs, crashes $n"
	if [ "$st" -ne 0 ] || [ "$n" -ne 0 ]; then
		failed=1
		echo "fuzz $name: FAILED (status $st): $log; inputs in tests/host/fixtures/fuzz/$name/" >&2
		grep -m 5 -E 'ERROR|runtime error|SUMMARY' "$log" >&2 || true
	fi
done
exit "$failed"

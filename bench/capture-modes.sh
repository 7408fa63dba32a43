#!/usr/bin/env bash
# The main job's timed runs for a real board and camera (docs/hardware.md),
# or any machine with the series' uvcvideo: ROUNDS rounds of one fresh
# `uvcstat run` stream per URB allocation mode, round r taking the modes in
# an order rotated by r (so that a drift of the machine never lands on one
# mode), then `uvcstat compare` of every mode's runs against the first mode
# of tools/common/urb_alloc_modes.sh.
#
#   usage: capture-modes.sh OUT ROUNDS [UVCSTAT-RUN-OPTIONS...]
#     e.g. capture-modes.sh results-rk3399 5 -d /dev/video0 -f MJPEG -s 1280x720 -r 30 -c 300 -n 8
#
# OUT gets the main job's layout, so bench/run-variation.sh reads it too:
#   OUT/runs/NNN-MODE/run.txt     the uvcstat run report (text)
#   OUT/runs/NNN-MODE/stats_raw   the stream's debugfs stats_raw (its mode= line names MODE)
#   OUT/plan.txt                  "NNN ROUND MODE", the order the runs ran in
#   OUT/compare.txt, compare.csv  uvcstat compare of the modes' runs
# As root (the module parameter and debugfs); uvcstat from PATH or $UVCSTAT.
# The mode is restored when the script ends.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/common/urb_alloc_modes.sh
. "$here/../tools/common/urb_alloc_modes.sh"
param=/sys/module/uvcvideo/parameters/urb_alloc
uvcstat=${UVCSTAT:-uvcstat}

die() {
	echo "${0##*/}: $*" >&2
	exit 1
}

[ $# -ge 2 ] || die "usage: ${0##*/} OUT ROUNDS [UVCSTAT-RUN-OPTIONS...]"
out=$1 rounds=$2
shift 2
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a number from 1, got '$rounds'"
command -v "$uvcstat" >/dev/null || die "no $uvcstat on PATH (set UVCSTAT=/path/to/uvcstat)"
[ -w "$param" ] || die "cannot write $param: run as root, on a kernel with the uvcdma series"
[ ! -e "$out/runs" ] || die "$out/runs exists: give a new OUT"
mkdir -p "$out/runs"

was=$(cat "$param")
trap 'echo "$was" >"$param"' EXIT
n=${#URB_ALLOC_MODES[@]}
run=0
for ((round = 1; round <= rounds; round++)); do
	for ((i = 0; i < n; i++)); do
		mode=${URB_ALLOC_MODES[(i + round - 1) % n]}
		run=$((run + 1))
		dir=$out/runs/$(printf %03d "$run")-$mode
		mkdir "$dir"
		echo "$(printf %03d "$run") $round $mode" >>"$out/plan.txt"
		echo "run $run of $((rounds * n)): $mode (round $round)" >&2
		echo "$mode" >"$param"	# read at the next STREAMON: this run's
		"$uvcstat" run "$@" >"$dir/run.txt" ||
			die "run $run ($mode): uvcstat run failed (exit $?; its message above)"
		stats=$(sed -n 's/^# uvcstat run: .*, statistics \(.*\)$/\1/p' "$dir/run.txt")
		[ -n "$stats" ] || die "run $run ($mode): no statistics path in $dir/run.txt (--text output needed)"
		# the stream's figures stay readable until the next STREAMON
		cat "$stats" >"$dir/stats_raw"
		grep -qx "mode=$mode" "$dir/stats_raw" ||
			die "run $run: asked for $mode, the stream says $(grep '^mode=' "$dir/stats_raw" || echo 'no mode')"
	done
done

args=()
for mode in "${URB_ALLOC_MODES[@]}"; do
	args+=(--label "$mode")
	mapfile -t -O "${#args[@]}" args < <(grep -lx "mode=$mode" "$out"/runs/*/stats_raw)
done
"$uvcstat" compare --csv "${args[@]}" >"$out/compare.csv"
"$uvcstat" compare "${args[@]}" | tee "$out/compare.txt"

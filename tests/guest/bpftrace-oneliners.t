#!/bin/bash
# In the guest: every one-liner of bpf/README.md (its "## One-liners"
# section, read here so the README stays tested) runs, all at once, while
# the camera streams in each URB allocation mode, exits 0 on Ctrl-C and
# prints a non-empty count or histogram.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/trace-lib.sh
VCAM_TMP=$(mktemp -d)

mapfile -d '' blocks < <(readme_blocks bpf/README.md One-liners)
plan $((6 + 4 * ${#blocks[@]}))	# 4 a one-liner: 2 as written, 2 as run
ok "$([ "${#blocks[@]}" -ge 4 ] && echo 0 || echo 1)" "bpf/README.md has one-liners (${#blocks[@]})"
vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
vcam_ok "vcam streams YUYV 640x480@30" vcam_start --format yuyv --size 640x480 --fps 30

declare -A what=()
i=0
for b in "${blocks[@]}"; do
	i=$((i + 1))
	title=$(head -n 1 <<<"$b")
	cmd=$(tail -n +2 <<<"$b")
	like "$title" '^# ' "one-liner $i has a title line"
	like "$cmd" '^bpftrace -e ' "one-liner $i is a bpftrace -e command"
	what[oneliner$i]=${title#\# }
	tracer_start "oneliner$i" "${cmd/#bpftrace /bpftrace -B line }"
done
t0=$SECONDS
vcam_ok "every one-liner attached" tracer_wait_ready '^Attaching [0-9]+ probes?\.\.\.$'
diag "bpftrace start-up, $i one-liners at once: $((SECONDS - t0)) s"
# bpftrace prints "Attaching" before it attaches: give it time to finish.
sleep 5
out=$(bpf/stream-modes.sh 20 2>&1) && st=0 || st=$?
ok "$st" "stream-modes.sh streamed in every mode"
[ "$st" -eq 0 ] || diag "$out"
tracer_stop 120

for name in "${TRACER_NAMES[@]}"; do
	text=$(cat "$TRACE_TMP/$name.out")
	is "${TRACER_STATUS[$name]}" 0 "$name (${what[$name]}): exits 0 on SIGINT"
	# A count ("@...: N") or a histogram bucket with a count, not zero.
	like "$text" '^@.*: [1-9][0-9]*$|^\[[^]]*[])] +[1-9][0-9]* \|' \
		"$name (${what[$name]}): prints a non-empty count or histogram"
	diag "$text"
done

vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
done_testing

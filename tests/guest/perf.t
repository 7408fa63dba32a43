#!/bin/bash
# In the guest: perf is there, is of the lab kernel's version, and every
# command block of bpf/README.md's "## perf" section (read here so the
# README stays tested) runs while the camera streams and shows events:
# perf stat non-zero counts, perf script the events with the mode's name,
# perf report samples.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/trace-lib.sh
VCAM_TMP=$(mktemp -d)

# perf_checks CMDS: the checks of a perf example's output (a word, a test
# each), by the commands it runs.
perf_checks() {
	if grep -q '^perf stat ' <<<"$1"; then echo stat; fi
	if grep -q "^perf stat -e 'uvcvideo:\*'" <<<"$1"; then echo stat-copy; fi
	if grep -q '^perf script ' <<<"$1"; then echo script; fi
	if grep -q '^perf report ' <<<"$1"; then echo report-samples report-events; fi
}

mapfile -d '' blocks < <(readme_blocks bpf/README.md perf)
checks=0
for b in "${blocks[@]}"; do
	checks=$((checks + $(perf_checks "$(tail -n +2 <<<"$b")" | wc -w)))
done
# perf 3, 2 an example and one a check of its output, vcam 3
plan $((3 + 2 * ${#blocks[@]} + checks + 3))

out=$(perf version 2>&1) && st=0 || st=$?
ok "$st" "perf runs"
kver=$(uname -r)
# The guest's perf is Debian 12's linux-perf, built from linux-source-6.1
# (qemu/guest-packages.txt): the kernel's own version on the 6.1 base, and
# 6.1's on 6.12 and 7.3, whose tracepoints the examples below still read.
case $kver in
6.1.*) like "$out" "^perf version ${kver%%[-+]*}" "perf is of the kernel's version ($kver)" ;;
*) like "$out" "^perf version 6\.1\." "perf is Debian 12's, of 6.1 (the kernel is $kver)" ;;
esac
diag "$out"

ok "$([ "${#blocks[@]}" -ge 2 ] && echo 0 || echo 1)" "bpf/README.md has perf examples (${#blocks[@]})"
vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
vcam_ok "vcam streams YUYV 640x480@30" vcam_start --format yuyv --size 640x480 --fps 30

i=0
for b in "${blocks[@]}"; do
	i=$((i + 1))
	title=$(head -n 1 <<<"$b")
	cmds=$(tail -n +2 <<<"$b")
	name="perf example $i (${title#\# })"
	like "$title" '^# ' "perf example $i has a title line"
	t0=$SECONDS
	out=$(bash -ec "$cmds" 2>&1) && st=0 || st=$?
	ok "$st" "$name: runs ($((SECONDS - t0)) s)"
	for c in $(perf_checks "$cmds"); do
		case $c in
		stat) like "$out" '^ +[1-9][0-9,]* +(uvcvideo|dma):' "$name: perf stat counted events" ;;
		stat-copy) like "$out" '^ +[1-9][0-9,]* +uvcvideo:uvcvideo_copy_start' "$name: counts the copy work" ;;
		script) like "$out" 'uvcvideo_copy_start: .* mode=noncontiguous ' "$name: perf script names the mode" ;;
		# perf rounds the sample count (1K); the event count is exact.
		report-samples)
			like "$out" "^# Samples: [1-9][0-9.]*[KMG]? +of event 'uvcvideo:" "$name: perf report has samples" ;;
		report-events) like "$out" '^# Event count \(approx\.\): [1-9][0-9]*$' "$name: perf report counts events" ;;
		esac
	done
	diag "$(head -n 40 <<<"$out")"
done

vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
done_testing

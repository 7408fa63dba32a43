#!/usr/bin/env bash
# In the guest, with the patch series: `uvcstat run` on a camera with two
# VideoStreaming interfaces (vcam --streams 2: interface 1 streams,
# interface 2 binds and never streams). uvcvideo makes one debugfs
# directory per interface and hangs both video nodes on the VideoControl
# interface; uvcstat must take the statistics of the stream it captured
# (interface 1), never the other's, and say so when a node cannot stream.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
VCAM_TMP=$(mktemp -d)
param=/sys/module/uvcvideo/parameters/urb_alloc
root=/sys/kernel/debug/usb/uvcvideo

vcam_modules && st=0 || st=$?
[ "$st" -eq 0 ] || { echo "1..1"; echo "not ok 1 - modprobe dummy_hcd raw_gadget uvcvideo"; exit 1; }
[ -e "$param" ] || skip_all "no $param: kernel without the uvcdma series"
# 3, the node that streams 3, the idle one 2, 2 (when both nodes stream or
# neither does, the count differs and "exactly one" fails)
plan $((3 + 3 + 2 + 2))
vcam_ok "vcam --streams 2 (YUYV 640x480 at 30 fps)" vcam_start --streams 2 --format yuyv --size 640x480 --fps 30
vcam_wait_for /dev/video3 100 || true
nodes=$(cd /sys/class/video4linux && echo video*)
is "$nodes" "video0 video1 video2 video3" "two video and two metadata nodes"
dirs=$(cd "$root" && echo *)
like "$dirs" '^[0-9]+-[0-9]+-1 [0-9]+-[0-9]+-2$' "one debugfs directory per streaming interface ($dirs)"
streaming=${dirs%% *}	# <bus>-<dev>-1: the interface vcam streams

ran=0
for node in /dev/video0 /dev/video2; do
	out=$(uvcstat run -d "$node" -c 20 --timeout 20 2>"$VCAM_TMP/err") && st=0 || st=$?
	if [ "$st" -eq 0 ]; then
		ran=$((ran + 1))
		like "$out" "^# uvcstat run: $node \\(.*statistics $root/$streaming/stats_raw\$" \
			"$node streams: the statistics of interface 1, the one that streamed"
		like "$out" '^# verified \(framestamp\): frames 20 ok 20 dropped 0 corrupt 0 ' "$node: 20 frames verified, none dropped or corrupt"
		is "$(grep -v '^#' <<<"$out")" "$(cat "$root/$streaming/stats")" "$node: the report is that directory's stats"
	else
		is "$st" 14 "$node is the idle stream: streaming fails (exit 14), no statistics guessed"
		is "$(wc -l <"$VCAM_TMP/err")" 1 "$node: one line on stderr"
		diag "$(cat "$VCAM_TMP/err")"
	fi
done
is "$ran" 1 "exactly one of the two nodes streams"
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
done_testing

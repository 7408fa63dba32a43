#!/usr/bin/env bash
# In the guest, with the patch series: `uvcstat run` against the virtual
# camera in every URB allocation mode: exit 0, every frame verified, the
# header says where it was measured, the statistics are those of this
# stream (its frames and bytes match the capture, the block is exactly
# debugfs' `stats`), and the --json, --csv, -t and MJPEG variants; then a
# camera like a real one (vcam --no-framestamp, MJPEG only): its frames are
# reported as not checked, the format it lacks is refused with what it
# offers, --verify fails.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tools/common/urb_alloc_modes.sh
VCAM_TMP=$(mktemp -d)
param=/sys/module/uvcvideo/parameters/urb_alloc
frames=60
frame_bytes=$((640 * 480 * 2))

# Before any TAP line: skip, naming the missing file, on a kernel without the series.
vcam_modules && st=0 || st=$?
[ "$st" -eq 0 ] || { echo "1..1"; echo "not ok 1 - modprobe dummy_hcd raw_gadget uvcvideo"; exit 1; }
[ -e "$param" ] || skip_all "no $param: kernel without the uvcdma series"
vcam_start --size 640x480,1280x720 --fps 30,60 >"$VCAM_TMP/start" && st=0 || st=$?
dirs=$(find /sys/kernel/debug/usb/uvcvideo -mindepth 1 -maxdepth 1 -type d 2>/dev/null || true)
if [ "$st" -eq 0 ] && [ "$(wc -l <<<"$dirs")" -eq 1 ] && [ ! -e "$dirs/stats_raw" ]; then
	vcam_stop TERM
	skip_all "no stats_raw in $dirs: kernel without the uvcdma series"
fi
# uvcvideo's timing_stats parameter (every base's series has it) is tried
# off (3 tests)
ts=/sys/module/uvcvideo/parameters/timing_stats
# 1; 13 a mode; 16 + 3; 13
plan $((1 + 13 * ${#URB_ALLOC_MODES[@]} + 16 + 3 + 13))
ok "$st" "vcam streams (YUYV and MJPEG, 640x480 and 1280x720, 30 and 60 fps)"
[ "$st" -eq 0 ] || diag "$(cat "$VCAM_TMP/start")"
if [ "$st" -ne 0 ] || [ "$(wc -l <<<"$dirs")" -ne 1 ]; then
	diag "no single uvcvideo debugfs directory: $dirs"
	done_testing
	exit 1
fi

for mode in "${URB_ALLOC_MODES[@]}"; do
	echo "$mode" >"$param"
	out=$(uvcstat run -d /dev/video0 -f YUYV -s 640x480 -r 30 -c "$frames" 2>"$VCAM_TMP/err") && st=0 || st=$?
	ok "$st" "$mode: uvcstat run -c $frames exits 0"
	[ "$st" -eq 0 ] || diag "$(cat "$VCAM_TMP/err")"
	is "$(wc -c <"$VCAM_TMP/err")" 0 "$mode: nothing on stderr (not a terminal: no progress line)"
	like "$out" "^# uvcstat run: /dev/video0 \\(vcam virtual UVC camera, USB 1d6b:0102 .*statistics $dirs/stats_raw\$" \
		"$mode: the statistics of this stream's directory, found through sysfs"
	like "$out" "^# measured on: kernel $(uname -r) $(uname -m), URB allocation $mode, QEMU TCG \\(linux,dummy-virt" \
		"$mode: kernel, allocation mode, QEMU TCG"
	like "$out" "CPU implementer 0x[0-9a-f]+ part 0x[0-9a-f]+ x $(nproc)\$" "$mode: CPU and count"
	like "$out" "^# capture: YUYV 640x480, interval 1/30 s, [0-9]+ buffers: $frames frames, $((frames * frame_bytes)) bytes in " \
		"$mode: $frames frames of $frame_bytes bytes captured"
	# uvcstat reports dropped frames and fails only on corrupt ones; on
	# the tests' clock (icount) no frame of a clean camera is lost, so a
	# drop here is a defect of the mode under test.
	like "$out" "^# verified \\(framestamp\\): frames $frames ok $frames dropped 0 corrupt 0 out-of-order [0-9]+ " \
		"$mode: every frame verified (sequence and checksum), none lost"
	block=$(grep -v '^#' <<<"$out")
	is "$block" "$(cat "$dirs/stats")" "$mode: the report is exactly debugfs' stats of the stream"
	is "$(tail -n 1 <<<"$block")" "URB allocation: $mode" "$mode: the report's mode"
	b=$(sed -n 's/^bytes \([0-9]*\) : .*/\1/p' <<<"$block")
	n=$(sed -n 's/^frames: *//p' <<<"$block")
	begun=$(((b + frame_bytes - 1) / frame_bytes))
	ok "$([ "$b" -ge $((frames * frame_bytes)) ] && [ "$begun" -le $((frames + 8)) ] && echo 0 || echo 1)" \
		"$mode: bytes copied ($b) hold the $frames frames captured (plus those in flight at STREAMOFF)"
	# uvcvideo counts a frame when the next one starts (FID toggle): the
	# last frame captured may be uncounted, and frames that began after
	# the capture ended (with or without a buffer to copy into) may count.
	ok "$([ "$n" -ge $((frames - 1)) ] && [ "$n" -le $((frames + 8)) ] && echo 0 || echo 1)" \
		"$mode: uvcvideo counted the $frames frames captured, but perhaps the last ($n)"
	like "$block" '^URB: [0-9]+/[1-9][0-9]* uS/qty' "$mode: URBs were timed"
	like "$block" '^sync for device: [0-9]+/[1-9][0-9]* uS/qty' "$mode: syncs for the device were timed"
done

echo noncontiguous >"$param"
out=$(uvcstat run -c 30 --json 2>&1) && st=0 || st=$?
ok "$st" "--json exits 0"
like "$out" '"measured": \{ "kernel": "[^"]+", "arch": "aarch64", "urb_alloc": "noncontiguous", "emulated": "tcg"' \
	"--json: where it was measured"
like "$out" '"verify": \{ "ok": 30, "dropped": 0, "corrupt": 0' "--json: the verification"
is "$(tail -n 1 <<<"$out")" "}" "--json: one object"
out=$(uvcstat run -c 30 --csv 2>&1) && st=0 || st=$?
ok "$st" "--csv exits 0"
is "$(wc -l <<<"$out")" 2 "--csv: a header and a row"
like "$(head -n 1 <<<"$out")" '^source,mode,frames,.*,cpu_usage_percent,kernel,arch,machine,cpu,device,format,width,height,interval,captured_frames,captured_bytes,seconds,verified_ok,dropped,corrupt,out_of_order$' \
	"--csv: report's columns, then the run's"
like "$(tail -n 1 <<<"$out")" '^run,noncontiguous,.*,"/dev/video0",YUYV,640,480,1/30,30,18432000,' "--csv: the run's row"
out=$(uvcstat run -t 2 2>&1) && st=0 || st=$?
ok "$st" "-t 2: exits 0"
n=$(sed -n 's/^# capture: .*: \([0-9]*\) frames, .*/\1/p' <<<"$out")
secs=$(sed -n 's/^# capture: .* bytes in \([0-9]*\)\.[0-9]* s .*/\1/p' <<<"$out")
ok "$([ "${n:-0}" -ge 1 ] && [ "${secs:-0}" -ge 2 ] && [ "${secs:-9}" -le 3 ] && echo 0 || echo 1)" \
	"-t 2: frames for 2 s ($n frames in ${secs:-?}.x s), no frame limit"
out=$(uvcstat run -f MJPEG -s 1280x720 -r 60 -c 30 2>&1) && st=0 || st=$?
ok "$st" "MJPEG 1280x720 at 60 fps: exits 0"
like "$out" "^# capture: MJPG 1280x720, interval 1/60 s, [0-9]+ buffers: 30 frames" "MJPEG: the format set"
like "$out" "^# verified \\(framestamp\\): frames 30 ok 30 dropped 0 corrupt 0" "MJPEG: frames verified, none lost"
out='' st=1
if echo N 2>/dev/null >"$ts"; then
	out=$(uvcstat run -c 10 2>&1) && st=0 || st=$?
	echo Y >"$ts"
fi
ok "$st" "timing_stats=N: exits 0"
like "$out" '^# uvcvideo timing_stats=N: the URB intervals were not timed' "timing_stats=N: the header says so"
like "$out" '^URB: 0/0 uS/qty' "timing_stats=N: no URB timed"
out=$(uvcstat run -c 20 --no-verify 2>&1) && st=0 || st=$?
ok "$st" "--no-verify: exits 0"
like "$out" '^# not verified' "--no-verify: says so"
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
vcam_wait_gone || true

# A camera like a real one: no framestamp in its frames, other formats.
vcam_ok "vcam --no-framestamp, MJPEG 640x480 at 30 fps only" \
	vcam_start --no-framestamp --format mjpeg --size 640x480 --fps 30
out=$(uvcstat run -f MJPEG -c 20 2>"$VCAM_TMP/err") && st=0 || st=$?
ok "$st" "no framestamp: uvcstat run -f MJPEG -c 20 exits 0"
[ "$st" -eq 0 ] || diag "$(cat "$VCAM_TMP/err")"
like "$out" "^# capture: MJPG 640x480, interval 1/30 s, [0-9]+ buffers: 20 frames" "no framestamp: the frames captured"
like "$out" "^# frames not checked: they carry no framestamp \\(only the virtual camera, tools/vcam, stamps its frames\\)\$" \
	"no framestamp: the frames are reported as not checked"
is "$(grep -c '^# verified' <<<"$out")" 0 "no framestamp: no verification line"
like "$(grep -v '^#' <<<"$out" | tail -n 1)" "^URB allocation: " "no framestamp: the statistics follow"
out=$(uvcstat run -f MJPEG -c 10 --json 2>&1) && st=0 || st=$?
ok "$st" "no framestamp, --json: exits 0"
like "$out" '"verify": null' "no framestamp, --json: verify is null"
out=$(uvcstat run -f MJPEG -c 10 --verify 2>&1) && st=0 || st=$?
is "$st" 15 "no framestamp, --verify: exit 15"
like "$out" "^uvcstat: /dev/video0: no frame carried a valid framestamp \\(of 10\\): --verify" "no framestamp, --verify: says why"
out=$(uvcstat run -c 10 2>&1) && st=0 || st=$?
is "$st" 11 "a camera without YUYV, default format: exit 11"
is "$out" "uvcstat: /dev/video0: YUYV 640x480 refused; the device offers MJPG 640x480@30 (fps after @)" \
	"a camera without YUYV: one line with what it offers"
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam --no-framestamp exits 0"
done_testing

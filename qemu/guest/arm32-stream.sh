#!/bin/sh
# shellcheck shell=sh
# PID 1 of the 32-bit arm guest (qemu/arm32-guest.sh packs it into the
# initramfs as /init, beside busybox, vcam, vcam-verify and the modules).
# busybox sh, not bash: the armhf root is busybox-static only. Streams
# from the virtual camera once in each URB allocation mode of /etc/modes
# (written by the host from tools/common/urb_alloc_modes.sh), a reader
# copying the statistics files all the while. Its TAP lines (no plan: the
# host fixes the plan in advance from the same mode list) are kept in a
# file while the tests run, with the kernel's messages going to the
# console as usual (the host scans them for reports); at the end the
# console is closed to kernel messages (dmesg -n 1) and the lines are
# printed between "uvcdma-arm32: tap begin" and "uvcdma-arm32: tap end
# tests N status S", where the host cuts them out and checks N and S.
# FRAMES on the kernel command line: frames a mode (default 60).
/bin/busybox mkdir -p /proc /sys /dev /tmp /usr/bin /usr/sbin /sbin
/bin/busybox mount -t proc proc /proc
/bin/busybox --install -s
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
mount -t debugfs debugfs /sys/kernel/debug
PATH=/bin:/sbin:/usr/bin:/usr/sbin
export PATH

frames=60
read -r cmdline </proc/cmdline
for arg in $cmdline; do
	case $arg in FRAMES=*) frames=${arg#FRAMES=} ;; esac
done
n=0
failed=0
tap=/tmp/tap
ok() { # ok STATUS NAME
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi >>"$tap"
}
diag() { echo "$*" | sed 's/^/# /' >>"$tap"; }
wait_for() { # wait_for PATH TENTHS
	i=0
	while [ ! -e "$1" ] && [ "$i" -lt "$2" ]; do sleep 0.1; i=$((i + 1)); done
	[ -e "$1" ]
}

echo "uvcdma-arm32: begin"
: >"$tap"
diag "kernel $(uname -r) $(uname -m), $(grep -c ^processor /proc/cpuinfo) CPUs"
st=0
for m in dummy_hcd raw_gadget uvcvideo; do modprobe "$m" || st=1; done
# nodrop=1 (read at probe; 7.3's default, which warns when it is written):
# a bad frame comes flagged instead of vanishing, so that vcam-verify can
# tell a frame lost for want of a buffer.
nodrop=/sys/module/uvcvideo/parameters/nodrop
[ "$(cat "$nodrop")" = 1 ] || echo 1 >"$nodrop" || st=1
ok "$st" "modprobe dummy_hcd raw_gadget uvcvideo; nodrop=1"
vcam --format yuyv --size 640x480 --fps 30 >/tmp/vcam.out 2>/tmp/vcam.err &
vcam_pid=$!
wait_for /dev/video0 600 && st=0 || st=1
ok "$st" "the virtual camera bound (/dev/video0)"
[ "$st" -eq 0 ] || diag "$(cat /tmp/vcam.err)" "$(dmesg | tail -n 20)"
wait_for /dev/video1 20 || true
stats=$(find /sys/kernel/debug/usb/uvcvideo -mindepth 1 -maxdepth 1 -type d | head -n 1)

read -r modes </etc/modes
for mode in $modes; do
	echo "$mode" >/sys/module/uvcvideo/parameters/urb_alloc
	rm -f /tmp/stop
	# The reader side of the statistics (seqcount retry loops) against
	# the writers, while they run.
	(
		reads=0
		while [ ! -e /tmp/stop ]; do
			cat "$stats/stats" "$stats/stats_raw" >/dev/null 2>&1 && reads=$((reads + 1))
		done
		echo "$reads" >/tmp/reads
	) &
	reader=$!
	# On the host's clock (qemu/arm32-guest.sh says why), where a loaded
	# host can slow the capture below the camera's pace: 32 buffers (the
	# most vb2 gives), so that for a frame to go for want of one the
	# capture must fall 32 frames behind within the stream, below about
	# half the camera's pace over 60 frames. No frame may be lost.
	out=$(vcam-verify -d /dev/video0 -f yuyv -s 640x480 -r 30 -c "$frames" -n 32 \
		--allow-host-reorder 2>&1) && st=0 || st=1
	: >/tmp/stop
	wait "$reader"
	ok "$st" "$mode: $frames frames of YUYV 640x480 captured and verified"
	diag "$mode: $(echo "$out" | grep -m 1 '^frames') ($(cat /tmp/reads) reads of stats and stats_raw meanwhile)"
	[ "$st" -eq 0 ] || diag "$out"
	raw=$(cat "$stats/stats_raw")
	echo "$raw" | grep -qx "mode=$mode" && st=0 || st=1
	ok "$st" "$mode: stats_raw names the mode"
	urbs=$(echo "$raw" | sed -n 's/^urb_count=//p')
	decodes=$(echo "$raw" | sed -n 's/^decode_count=//p')
	[ "${urbs:-0}" -gt 0 ] && [ "${decodes:-0}" -gt 0 ] && st=0 || st=1
	ok "$st" "$mode: stats_raw timed URBs (${urbs:-none}) and decodes (${decodes:-none})"
done

kill "$vcam_pid" 2>/dev/null
wait "$vcam_pid"
wait_for_gone=0
while [ -e /dev/video0 ] && [ "$wait_for_gone" -lt 100 ]; do sleep 0.1; wait_for_gone=$((wait_for_gone + 1)); done
rmmod uvcvideo && st=0 || st=1
ok "$st" "uvcvideo unloads"
diag "lockdep: $(grep -m 1 'lock-classes' /proc/lockdep_stats 2>/dev/null || echo 'no /proc/lockdep_stats')"
[ -r /proc/lockdep_stats ] && st=0 || st=1
ok "$st" "lockdep is on (/proc/lockdep_stats)"
grep -q 'debug_locks:.*1' /proc/lockdep_stats 2>/dev/null && st=0 || st=1
ok "$st" "lockdep still checking at the end (debug_locks 1: it reported nothing)"
dma_errors=$(cat /sys/kernel/debug/dma-api/error_count 2>/dev/null || echo none)
[ "$dma_errors" = 0 ] && st=0 || st=1
ok "$st" "DMA-API debug is on and counted no error (error_count $dma_errors)"
dmesg -n 1
echo "uvcdma-arm32: tap begin"
cat "$tap"
echo "uvcdma-arm32: tap end tests $n status $failed"
echo "uvcdma-arm32: end status $failed"
poweroff -f

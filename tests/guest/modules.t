#!/bin/bash
# In the guest: the modules of the lab load and unload, and the raw-gadget
# device and the dummy UDC appear.
set -euo pipefail
. tests/lib/tap.sh

loaded() { grep -q "^$1 " /proc/modules; }

for m in uvcvideo dummy_hcd raw_gadget; do
	out=$(modprobe "$m" 2>&1) && st=0 || st=$?
	ok "$st" "modprobe $m"
	[ "$st" -eq 0 ] || diag "$out"
	loaded "$m"; ok $? "$m is in /proc/modules"
done
[ -c /dev/raw-gadget ]; ok $? "/dev/raw-gadget exists"
[ -e /sys/class/udc/dummy_udc.0 ]; ok $? "dummy_hcd registered the UDC dummy_udc.0"
ls /sys/bus/usb/devices/ | grep -q '^usb[0-9]'; ok $? "dummy_hcd registered a USB root hub"
grep -q 'uvcvideo' <(ls /sys/bus/usb/drivers/); ok $? "uvcvideo registered its USB driver"

for m in raw_gadget dummy_hcd uvcvideo; do
	out=$(modprobe -r "$m" 2>&1) && st=0 || st=$?
	ok "$st" "modprobe -r $m"
	[ "$st" -eq 0 ] || diag "$out"
	! loaded "$m"; ok $? "$m is gone from /proc/modules"
done
[ ! -e /dev/raw-gadget ]; ok $? "/dev/raw-gadget is gone"
done_testing

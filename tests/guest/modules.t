#!/bin/bash
# In the guest: the modules of the lab load and unload, and the raw-gadget
# device and the dummy UDC appear.
set -euo pipefail
. tests/lib/tap.sh
plan $((3 * 2 + 4 + 3 * 2 + 2))	# 2 for each of the 3 modules, loaded and unloaded

loaded() { grep -q "^$1 " /proc/modules; }
root_hub() { compgen -G '/sys/bus/usb/devices/usb[0-9]*' >/dev/null; }

for m in uvcvideo dummy_hcd raw_gadget; do
	check "modprobe $m" modprobe "$m"
	check "$m is in /proc/modules" loaded "$m"
done
check "/dev/raw-gadget exists" test -c /dev/raw-gadget
check "dummy_hcd registered the UDC dummy_udc.0" test -e /sys/class/udc/dummy_udc.0
check "dummy_hcd registered a USB root hub" root_hub
check "uvcvideo registered its USB driver" test -d /sys/bus/usb/drivers/uvcvideo

for m in raw_gadget dummy_hcd uvcvideo; do
	check "modprobe -r $m" modprobe -r "$m"
	refute "$m is gone from /proc/modules" loaded "$m"
done
refute "/dev/raw-gadget is gone" test -e /dev/raw-gadget
refute "the dummy UDC is gone" test -e /sys/class/udc/dummy_udc.0
done_testing

#!/usr/bin/env bash
# tests/lib/losses.awk, which books each frame a hostile-device capture
# lost to the fault vcam injected or to another cause, a fault costing at
# most its cap. The worked example of issue 31: faults at frames 3, 6, ...
# 18 (--fault-after 3 --fault-every 3), every faulty frame lost, and the
# good frames 8 and 13 lost as well (a driver that loses the frame after
# an error frame). The old rule booked a whole gap to the fault when any
# frame in it was faulty, and so read "7 0" here: no loss of another cause.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 7
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf 'vcam: frame %d faulty\n' 3 6 9 12 15 18 >"$tmp/vcam.err"
# gaps as vcam-verify -v reports them: 3; 6, 7 and 8; 9; 12 and 13; 15; 18
cat >"$tmp/verify.out" <<'OUT'
frames 14 ok 14 dropped 8 corrupt 0
vcam-verify: 1 dropped before seq 4 (v4l2 4 after 2): not for lack of a buffer
vcam-verify: 3 dropped before seq 9 (v4l2 6 after 3): not for lack of a buffer
vcam-verify: 1 dropped before seq 10 (v4l2 7 after 5): not for lack of a buffer
vcam-verify: 2 dropped before seq 14 (v4l2 10 after 8): not for lack of a buffer
vcam-verify: 1 dropped before seq 16 (v4l2 12 after 10): not for lack of a buffer
vcam-verify: 1 dropped before seq 19 (v4l2 14 after 12): not for lack of a buffer
OUT
losses() { awk -v cap="$1" -f "$top/tests/lib/losses.awk" "$tmp/vcam.err" "${2:-$tmp/verify.out}"; }

is "$(losses 1)" "6 3" "cap 1 (a fault spoils its frame): the faulty frames are the fault's; 7, 8 and 13 another cause's"
is "$(losses 2)" "8 1" "cap 2 (a fault breaks a frame boundary): 7 and 13 follow the faults at 6 and 12; 8 is another cause's"
is "$(losses 3)" "9 0" "cap 3: 7, 8 and 13 are within the two frames after a fault"
is "$(losses 0)" "0 9" "cap 0 (a fault that must cost nothing): every loss is another cause's"

printf 'frames 20 ok 20 dropped 0 corrupt 0\n' >"$tmp/clean.out"
is "$(losses 1 "$tmp/clean.out")" "0 0" "no gap: nothing lost"

losses x >/dev/null 2>"$tmp/err" && st=0 || st=$?
is "$st" 2 "a cap that is not a whole number: exit 2"
like "$(cat "$tmp/err")" "cap 'x' is not a whole number" "and says so"
done_testing

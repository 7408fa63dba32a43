#!/usr/bin/env bash
# uvcstat run's progress line: shown when stderr is a terminal (the guest's
# serial console, /dev/console, which qemu/run keeps as console.log),
# updated in place and erased before the report; none otherwise (the guest
# tests check that stderr stays empty when it is not a terminal).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck disable=SC2016 # expanded in the guest
"$top/qemu/run" --run-dir "$tmp/run" -- bash -c '
	. tests/lib/tap.sh; . tests/lib/guest-lib.sh
	vcam_modules && vcam_start --format yuyv --size 640x480 --fps 30 || exit 1
	uvcstat run -c 60 2>/dev/console
	st=$?
	vcam_stop TERM
	exit "$st"' >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
[ "$st" -ne 13 ] || skip_all "no stats_raw in the guest: kernel without the uvcdma series"
plan 6
is "$st" 0 "uvcstat run -c 60 with stderr on the guest's console: exit 0"
[ "$st" -eq 0 ] || diag "$(tail -n 20 "$tmp/err")"
console=$(tr '\r' '\n' <"$tmp/run/console.log" 2>/dev/null || true)
like "$console" '^uvcstat: frames [0-9]+/60  fps [0-9]+\.[0-9]{2}  drops [0-9]+  elapsed [0-9]+\.[0-9] s' \
	"the console shows the progress line (frames, fps, drops, elapsed)"
ok "$([ "$(grep -c '^uvcstat: frames' <<<"$console")" -ge 2 ] && echo 0 || echo 1)" \
	"updated in place (carriage returns), more than once"
grep -q $'\r\033\\[K' "$tmp/run/console.log" && st=0 || st=$?
ok "$st" "erased at the end (CR, erase to end of line)"
unlike "$(cat "$tmp/out")" 'uvcstat: frames' "the report on stdout has no progress in it"
like "$(cat "$tmp/out")" '^frames: +(59|6[0-9])$' "the report follows"
done_testing

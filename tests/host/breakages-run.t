#!/usr/bin/env bash
# tests/breakages/run, the breakage suite's runner, on a breakage of the
# loss booking (tests/breakages/losses-merge-gap.patch): caught when the
# list names the test that guards it, MISSED (and a failing exit) when it
# names a test that never looks at it, as when the guard is disabled.
# Lists in tests/host/fixtures/breakages/.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 19
fixtures=$top/tests/host/fixtures/breakages
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export UVCDMA_BREAKAGES_DIR=$tmp/scratch

"$top/tests/breakages/run" --list "$fixtures/caught.list" >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 0 "a breakage its test catches: exit 0"
like "$(cat "$tmp/out")" "^losses-merge-gap: caught by tests/host/hostile-losses.t " "and the report names the test"
like "$(cat "$tmp/err")" "breakages: 1 run, 1 caught, 0 missed" "the closing line counts it"
[ "$st" -eq 0 ] || diag "$(cat "$tmp/out" "$tmp/err")" "$(tail -n 20 "$tmp/scratch/losses-merge-gap/tests.log" 2>/dev/null)"
is "$(git -C "$top" diff --stat -- tests/lib/losses.awk)" "" "the breakage went into the scratch copy, not the repository"

"$top/tests/breakages/run" --list "$fixtures/missed.list" >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 1 "a breakage no listed test catches: exit 1"
like "$(cat "$tmp/out")" "^losses-merge-gap: MISSED by tests/host/alloc-pairs.t " "and the report says MISSED"

printf 'no-such-breakage tests/host/alloc-pairs.t\n' >"$tmp/bad.list"
"$top/tests/breakages/run" --list "$tmp/bad.list" >/dev/null 2>"$tmp/err" && st=0 || st=$?
is "$st" 1 "a list naming a breakage with no patch: exit 1"
like "$(cat "$tmp/err")" "no no-such-breakage.patch beside the list" "and says which"
# A breakage of another kernel variant: handed to a run of the runner on
# that variant (its own closing line, then the outer one).
"$top/tests/breakages/run" --list "$fixtures/variant.list" >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 0 "a breakage listed for a kernel variant, caught: exit 0"
like "$(cat "$tmp/out")" "^losses-merge-gap: caught by tests/host/hostile-losses.t " "and the report names the test"
is "$(grep -c 'breakages: 1 run, 1 caught, 0 missed' "$tmp/err")" 2 "run again on the variant: two closing lines"
printf 'losses-merge-gap variant=no-such tests/host/hostile-losses.t\n' >"$tmp/variant.list"
ln -s "$fixtures/losses-merge-gap.patch" "$tmp/losses-merge-gap.patch"
"$top/tests/breakages/run" --list "$tmp/variant.list" >/dev/null 2>"$tmp/err" && st=0 || st=$?
like "$(cat "$tmp/err")" "no kernel variant 'no-such'" "an unknown variant is refused, by name ($st)"
# A breakage of one base's series: handed to a run of the runner on that
# base, whatever KERNEL is.
"$top/tests/breakages/run" --list "$fixtures/base.list" >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 0 "a breakage listed for a kernel base, caught: exit 0"
is "$(grep -c 'breakages: 1 run, 1 caught, 0 missed' "$tmp/err")" 2 "run again on the base: two closing lines"
# --bases: what make check-breakages builds first, and nothing run.
is "$("$top/tests/breakages/run" --list "$fixtures/base.list" --bases)" "$(sed -n 's/.* base=\([^ ]*\) .*/\1/p' "$fixtures/base.list")" \
	"--bases names the base a listed breakage needs"
is "$("$top/tests/breakages/run" --list "$fixtures/caught.list" --bases)" "" "and none for a list without base="
printf 'losses-merge-gap variant=debug base=6.12 tests/host/hostile-losses.t\n' >"$tmp/debug-base.list"
is "$("$top/tests/breakages/run" --list "$tmp/debug-base.list" --bases)" "6.12:debug" \
	"--bases names a base's debug kernel as BASE:debug (make check-breakages builds it)"
printf 'losses-merge-gap base=5.10 tests/host/hostile-losses.t\n' >"$tmp/base.list"
ln -sf "$fixtures/losses-merge-gap.patch" "$tmp/losses-merge-gap.patch"
"$top/tests/breakages/run" --list "$tmp/base.list" >/dev/null 2>"$tmp/err" && st=0 || st=$?
is "$st" 1 "an unknown base: exit 1"
like "$(cat "$tmp/err")" "no kernel base '5\\.10' \\(the bases are: 6\\.1 6\\.12 7\\.3\\)" "an unknown base is refused, the bases listed"
done_testing

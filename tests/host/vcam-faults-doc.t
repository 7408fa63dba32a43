#!/usr/bin/env bash
# The fault table of docs/hostile-devices.md ("The faults") is vcam's one
# table of faults (tools/vcam/faults.h, printed by `vcam --list-faults`):
# the same names, kinds and descriptions in the same order; and `vcam
# --help` lists every one of them.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
need_build vcam
plan 3

table=$("$HOST_OUT/bin/vcam" --list-faults | awk -F'\t' '{
	k = $2 == "S" ? "stream" : $2 == "C" ? "control" : $2 == "D" ? "descriptor" : "?"
	printf "| `%s` | %s | %s |\n", $1, k, $3 }')
doc=docs/hostile-devices.md
readme=$(awk '/^## The faults$/ { on = 1; next } /^## / { on = 0 }
	on && /^\| `/ { print }' "$top/$doc" |
	awk -F' [|] ' 'NF == 3 && $2 ~ /^(stream|control|descriptor)$/')
ok "$([ "$(wc -l <<<"$table")" -ge 20 ] && echo 0 || echo 1)" "vcam --list-faults lists the faults ($(wc -l <<<"$table"))"
is "$readme" "$table" "$doc's fault table is vcam --list-faults, row for row"
help=$("$HOST_OUT/bin/vcam" --help)
missing=$("$HOST_OUT/bin/vcam" --list-faults | cut -f1 | while read -r f; do
	grep -Eq "^    $f +" <<<"$help" || echo "$f"
done)
is "$missing" "" "vcam --help describes every fault"
done_testing

#!/usr/bin/env bash
# Every shell script of the project is shellcheck clean.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
cd "$top"
command -v shellcheck >/dev/null || skip_all "shellcheck not installed (make deps)"

mapfile -t scripts < <(git ls-files --cached --others --exclude-standard |
	while read -r f; do
		[ -f "$f" ] || continue
		case $f in
		*.sh | *.t | *.bash) echo "$f" ;;
		*) head -c 64 "$f" | head -n 1 | grep -Eq '^#!.*(bash|/sh| sh)' && echo "$f" ;;
		esac
	done)
plan ${#scripts[@]}
# One shellcheck for all of them (a process per file spent most of the
# test's minute starting shellcheck), its findings sorted out by file:
# status 1 means findings, anything else but 0 that shellcheck failed.
out=$(shellcheck -x -P SCRIPTDIR -f gcc "${scripts[@]}" 2>&1) && st=0 || st=$?
for f in "${scripts[@]}"; do
	if [ "$st" -ne 0 ] && [ "$st" -ne 1 ]; then
		ok 1 "shellcheck $f"
		diag "shellcheck exited with status $st" "$(head -n 20 <<<"$out")"
		continue
	fi
	mine=$(awk -v f="$f:" 'index($0, f) == 1' <<<"$out")
	ok "$([ -z "$mine" ] && echo 0 || echo 1)" "shellcheck $f"
	[ -z "$mine" ] || diag "$mine"
done
done_testing

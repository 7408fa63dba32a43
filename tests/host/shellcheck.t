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
for f in "${scripts[@]}"; do
	out=$(shellcheck -x -P SCRIPTDIR "$f" 2>&1) && st=0 || st=$?
	ok "$st" "shellcheck $f"
	[ "$st" -eq 0 ] || diag "$out"
done
done_testing

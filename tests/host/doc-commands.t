#!/usr/bin/env bash
# Every command the project's pages quote (README.md, docs/*.md and the
# other Markdown pages but CHANGES.md: code blocks, and inline code that
# starts with make or a path of the clone) does what a reader would try:
# 'make -n' passes (the target and variables exist), a script of the clone
# exists and is executable ('--help' runs), and every path of the clone
# it names exists (tests/lib/doc-commands.awk, doc-command-check.sh).
# Commands for a board or a kernel tree are not the clone's to check. A
# page of wrong commands (tests/host/fixtures/doc-commands/) shows each
# check failing.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/doc-command-check.sh"
mkdir -p "$top/build"
cd "$top"

# commands PAGE...: "PAGE:LINE<TAB>COMMAND", each command once
commands() { awk -f tests/lib/doc-commands.awk "$@" | sort -t$'\t' -k2,2 -u | sort -V; }
mapfile -t pages < <(git ls-files '*.md' | grep -v -e '^CHANGES\.md$' -e '/fixtures/')
mapfile -t quoted < <(commands "${pages[@]}")
fixture=tests/host/fixtures/doc-commands/page.md.txt
mapfile -t wrong < <(commands "$fixture")

# The plan: every command of the clone's to check, and the fixture's 5
checked=()
for line in "${quoted[@]}"; do
	where=${line%%$'\t'*} cmd=${line#*$'\t'}
	why=$(doc_command_check "$top" "${where%%:*}" "$cmd") && st=0 || st=$?
	[ "$st" = 2 ] || checked+=("$st"$'\t'"$where"$'\t'"$cmd"$'\t'"$why")
done
plan $((1 + ${#checked[@]} + 5))
ok "$([ "${#checked[@]}" -ge 60 ] && echo 0 || echo 1)" \
	"the pages quote commands to check (${#checked[@]} of ${#quoted[@]} quoted)"
for c in "${checked[@]}"; do
	IFS=$'\t' read -r st where cmd why <<<"$c"
	ok "$st" "$where: $cmd"
	[ "$st" = 0 ] || diag "$why"
done

# ---- the checks fail on a page of wrong commands ----
fixture_verdict() { # fixture_verdict COMMAND: "STATUS WHY" of the fixture's COMMAND
	local line why st
	for line in "${wrong[@]}"; do
		[ "${line#*$'\t'}" = "$1" ] || continue
		why=$(doc_command_check "$top" "$fixture" "$1") && st=0 || st=$?
		echo "$st $why"
		return
	done
	echo "not quoted"
}
like "$(fixture_verdict 'make unit')" "^1 make -n fails: .*No rule to make target 'unit'" "caught: a target the Makefile lacks"
like "$(fixture_verdict 'tests/run tests/host/no-such-test.t')" '^1 no tests/host/no-such-test.t in the clone' "caught: a path that does not exist"
like "$(fixture_verdict 'qemu/no-such-script.sh --help')" '^1 no qemu/no-such-script.sh in the clone' "caught: a script that does not exist"
like "$(fixture_verdict 'make check-breakages BREAKAGES="vcam-skip-frame"')" '^0 ' "a command over two lines is joined, and passes"
like "$(fixture_verdict 'scp build/x board:')" '^2 ' "a command for a board is not checked"
done_testing

#!/usr/bin/env bash
# shellcheck disable=SC2016 # the backquotes are Markdown's, not command substitutions
# The make targets are described once, in the table of docs/targets.md;
# make help prints it (qemu/make-help.sh). The table must name every rule
# of the Makefile but its INTERNAL_TARGETS, and nothing else; make help
# must print it as the fixture shows (Markdown to text, wrapped, the links
# as paths). Each check is also run against a deliberately altered copy,
# to show that it fails when the lists disagree.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
doc=docs/targets.md
fixtures=$top/tests/host/fixtures/targets

plan 10

# doc_targets FILE: the target of each row of the "| command |" table
# (its first cell, `make TARGET ARGS...`; `make` alone is "all"), sorted
doc_targets() {
	awk '/^\| command \|/ { on = 1; next } on && !/^\|/ { exit } on && !/^\|---/' "$1" |
		sed -nE 's/^\| `make( ([a-z0-9-]+))?[ `].*/\2/p' | sed 's/^$/all/' | sort
}
# user_rules MAKEFILE: the targets it has rules for, but INTERNAL_TARGETS, sorted
user_rules() {
	local internal
	internal=$(sed -nE 's/^INTERNAL_TARGETS := //p' "$1" | tr ' ' '\n')
	sed -nE 's/^([a-z0-9-]+):.*/\1/p' "$1" | sort -u | grep -vxF -f <(echo "$internal")
}

targets=$(doc_targets "$top/$doc")
ok "$([ "$(wc -l <<<"$targets")" -ge 25 ] && echo 0 || echo 1)" "$doc's table names the targets ($(wc -l <<<"$targets"))"
is "$targets" "$(user_rules "$top/Makefile")" "$doc's table names every rule of the Makefile but the internal ones, and nothing else"
is "$(sort <<<"$targets" | uniq -d)" "" "$doc names each target once"
help=$(cd "$top" && make -s help 2>/dev/null)
is "$help" "$("$top/qemu/make-help.sh" "$top/$doc")" "make help prints $doc's table"
is "$(sed -nE 's/^make( ([a-z0-9-]+))?( .*)?$/\2/p' <<<"$help" | sed 's/^$/all/' | sort)" \
	"$targets" "make help has a line for each target of the table"
is "$(HELP_WIDTH=100 "$top/qemu/make-help.sh" "$fixtures/table.md.txt")" "$(cat "$fixtures/help.txt")" \
	"the rendering: backquotes and link syntax gone, the links as paths, wrapped at the width"
is "$(awk 'length > 110' <<<"$help" | wc -l)" 0 "make help's lines are 110 columns at most"
grep -q "^## " "$top/Makefile" && st=1 || st=0
ok "$st" "the Makefile has no description of its own (## lines) to drift from $doc"

# ---- the checks fail on altered copies ----
sed '/^| `make fuzz-desc/d' "$top/$doc" >"$tmp/doc-less"
ok "$([ "$(doc_targets "$tmp/doc-less")" != "$(user_rules "$top/Makefile")" ] && echo 0 || echo 1)" \
	"caught: $doc without fuzz-desc"
printf 'tidy:\n\trm -f x\n' | cat "$top/Makefile" - >"$tmp/Makefile-more"
ok "$([ "$(doc_targets "$top/$doc")" != "$(user_rules "$tmp/Makefile-more")" ] && echo 0 || echo 1)" \
	"caught: a rule $doc does not describe"
done_testing

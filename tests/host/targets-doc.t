#!/usr/bin/env bash
# shellcheck disable=SC2016 # the backquotes are Markdown's, not command substitutions
# The make targets are listed twice: by `make help` (the Makefile's "## make
# TARGET ..." lines) and by the table of docs/targets.md. Each list must
# name every target of the other, and nothing else; every target `make
# help` names must be a rule of the Makefile. Each check is also run
# against a deliberately altered copy, to show that it fails when a list
# disagrees.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
doc=docs/targets.md

plan 9

# make help's text: the Makefile's "## " lines (its help rule prints them)
help_text() { sed -n 's/^## //p' "$1"; }
# help_targets MAKEFILE: the target of each "make TARGET  text" line of
# make help, sorted; "make" alone (the main job, then spaces) is "all".
# Continuation lines start with spaces.
help_targets() {
	help_text "$1" | awk '/^make [a-z]/ { print $2; next } /^make  / { print "all" }' | sort
}
# doc_targets FILE: the target of each row of the "| command |" table
# (its first cell, `make TARGET ARGS...`; `make` alone is "all"), sorted
doc_targets() {
	awk '/^\| command \|/ { on = 1; next } on && !/^\|/ { exit } on && !/^\|---/' "$1" |
		sed -nE 's/^\| `make( ([a-z0-9-]+))?[ `].*/\2/p' | sed 's/^$/all/' | sort
}
# rules MAKEFILE: the targets the Makefile has rules for, sorted
rules() { sed -nE 's/^([a-z0-9-]+):.*/\1/p' "$1" | sort -u; }

help=$(help_targets "$top/Makefile")
ok "$([ "$(wc -l <<<"$help")" -ge 20 ] && echo 0 || echo 1)" "make help names the targets ($(wc -l <<<"$help"))"
is "$(cd "$top" && make -s help 2>/dev/null)" "$(help_text "$top/Makefile")" "make help prints the Makefile's ## lines"
is "$(doc_targets "$top/$doc")" "$help" "$doc's table names every target of make help, and nothing else"
is "$(comm -23 <(echo "$help") <(rules "$top/Makefile"))" "" "every target make help names is a rule of the Makefile"
is "$(sort <<<"$help" | uniq -d)" "" "make help names each target once"

# ---- the checks fail on altered copies ----
sed '/^| `make fuzz-desc/d' "$top/$doc" >"$tmp/doc-less"
ok "$([ "$(doc_targets "$tmp/doc-less")" != "$help" ] && echo 0 || echo 1)" "caught: $doc without fuzz-desc"
sed 's/^| `make clean` |/| `make clean` |\n| `make tidy` | tidies |/' "$top/$doc" >"$tmp/doc-more"
ok "$([ "$(doc_targets "$tmp/doc-more")" != "$help" ] && echo 0 || echo 1)" "caught: $doc with a target make help lacks"
sed 's/^## make kmod  /## make kmods /' "$top/Makefile" >"$tmp/Makefile-renamed"
ok "$([ "$(doc_targets "$top/$doc")" != "$(help_targets "$tmp/Makefile-renamed")" ] && echo 0 || echo 1)" \
	"caught: make help naming a target $doc lacks"
ok "$([ -n "$(comm -23 <(help_targets "$tmp/Makefile-renamed") <(rules "$tmp/Makefile-renamed"))" ] && echo 0 || echo 1)" \
	"caught: make help naming a target the Makefile has no rule for"
done_testing

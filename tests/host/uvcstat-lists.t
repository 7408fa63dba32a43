#!/usr/bin/env bash
# shellcheck disable=SC2016 # the backquotes are Markdown's, not command substitutions
# uvcstat's command list (tools/uvcstat/commands.h) and exit codes
# (tools/uvcstat/exit_codes.h) are written once; every other place that
# lists them must agree: uvcstat --help, the man page uvcstat.1, the tool's
# README.md and the top README.md. Every command and every exit code must
# be there, and nothing else. Each check is also run against a deliberately
# altered copy, to show that it fails when a place disagrees.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
uvcstat=$HOST_OUT/bin/uvcstat
src=$top/tools/uvcstat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

need_build uvcstat
# exit_codes.h's X() lines: each exit code's --help text is checked below
mapfile -t exit_lines < <(grep -E '^[[:space:]]*X\([A-Z_]+, [0-9]+, "' "$src/exit_codes.h")
plan $((3 + 7 + ${#exit_lines[@]} + 10))

# ---- the single sources: one sorted name or number a line ----

# X(name, "summary") lines of commands.h
source_commands() { sed -nE 's/^[[:space:]]*X\(([a-z]+), ".*/\1/p' "$1" | sort; }
# X(NAME, status, "help") lines of exit_codes.h
source_exits() { sed -nE 's/^[[:space:]]*X\([A-Z_]+, ([0-9]+), ".*/\1/p' "$1" | sort -n; }

# ---- the places that list them ----

# --help: "  name summary" lines after "commands:", "%3d text" after "exit status:"
help_commands() { awk '/^commands:$/ { on = 1; next } on && /^$/ { exit } on { print $1 }' "$1" | sort; }
help_exits() { awk '/^exit status:$/ { on = 1; next } on && /^ *[0-9]+ / { print $1 }' "$1" | sort -n; }
# uvcstat.1: ".TP" + ".B name" in COMMANDS, ".IP N" in EXIT STATUS
man_section() { awk -v s="$2" '/^\.SH / { on = ($0 == ".SH " s); next } on' "$1"; }
man_commands() { man_section "$1" COMMANDS | awk 'prev == ".TP" && /^\.B [a-z]+$/ { print $2 } { prev = $0 }' | sort; }
man_exits() { man_section "$1" "EXIT STATUS" | sed -nE 's/^\.IP ([0-9]+)$/\1/p' | sort -n; }
# tools/uvcstat/README.md: the "| command | state |" and "| status | meaning |" tables
md_table() { awk -v h="$2" '$0 == h { on = 1; next } on && !/^\|/ { exit } on && !/^\|---/' "$1"; }
readme_commands() { md_table "$1" '| command | state |' | sed -nE 's/^\| `([a-z]+)` \|.*/\1/p' | sort; }
readme_exits() { md_table "$1" '| status | meaning |' | sed -nE 's/^\| ([0-9]+) \|.*/\1/p' | sort -n; }
# top README.md: the commands named (as `word`) in the layout row of tools/uvcstat/
top_commands() { grep '^| `tools/uvcstat/` |' "$1" | grep -oE '`[a-z]+`' | tr -d '`' | sort; }

commands=$(source_commands "$src/commands.h")
exits=$(source_exits "$src/exit_codes.h")
like "$commands" '^compare' "commands.h lists commands"
is "$(wc -l <<<"$exits")" 17 "exit_codes.h lists 17 exit codes"
is "$exits" "$(seq 0 16)" "exit codes are 0 to 16, each once"

"$uvcstat" --help >"$tmp/help"

# agree WHAT EXPECTED FN FILE: FN's list from FILE is EXPECTED.
agree() { is "$($3 "$4")" "$2" "$1"; }
# differs WHAT EXPECTED FN FILE: the altered copy FILE is caught.
differs() {
	local got
	got=$($3 "$4")
	if [ "$got" != "$2" ]; then ok 0 "$1"; else ok 1 "$1"; fi
}

agree "--help lists every command, nothing else" "$commands" help_commands "$tmp/help"
agree "--help lists every exit code, nothing else" "$exits" help_exits "$tmp/help"
agree "uvcstat.1 COMMANDS: every command, nothing else" "$commands" man_commands "$src/uvcstat.1"
agree "uvcstat.1 EXIT STATUS: every exit code, nothing else" "$exits" man_exits "$src/uvcstat.1"
agree "tools/uvcstat/README.md command table: every command, nothing else" "$commands" readme_commands "$src/README.md"
agree "tools/uvcstat/README.md exit status table: every exit code, nothing else" "$exits" readme_exits "$src/README.md"
agree "README.md names every uvcstat command, nothing else" "$commands" top_commands "$top/README.md"

# The --help text of each exit code is the one of exit_codes.h.
for line in "${exit_lines[@]}"; do
	n=$(sed -E 's/^[[:space:]]*X\([A-Z_]+, ([0-9]+), .*/\1/' <<<"$line")
	text=$(sed -E 's/^[[:space:]]*X\([A-Z_]+, [0-9]+, "(.*)"\)[[:space:]\\]*$/\1/' <<<"$line")
	grep -qxF -- "$(printf '%3d %s' "$n" "$text")" "$tmp/help" && st=0 || st=$?
	ok "$st" "--help: exit $n says what exit_codes.h says"
done

# ---- the checks fail on altered copies ----
sed '/^ 13 /d' "$tmp/help" >"$tmp/help-13"
differs "caught: --help without exit 13" "$exits" help_exits "$tmp/help-13"
sed 's/^  trace /  tracer /' "$tmp/help" >"$tmp/help-cmd"
differs "caught: --help naming another command" "$commands" help_commands "$tmp/help-cmd"
sed '/^\.IP 13$/d' "$src/uvcstat.1" >"$tmp/man-13"
differs "caught: uvcstat.1 without exit 13" "$exits" man_exits "$tmp/man-13"
sed 's/^\.IP 16$/.IP 16\nwhatever\n.IP 17/' "$src/uvcstat.1" >"$tmp/man-17"
differs "caught: uvcstat.1 with an extra exit 17" "$exits" man_exits "$tmp/man-17"
sed '0,/^\.B compare$/s//.B comparison/' "$src/uvcstat.1" >"$tmp/man-cmd"
differs "caught: uvcstat.1 COMMANDS misnaming compare" "$commands" man_commands "$tmp/man-cmd"
sed '/^| `trace` |/d' "$src/README.md" >"$tmp/readme-cmd"
differs "caught: README.md without trace" "$commands" readme_commands "$tmp/readme-cmd"
sed 's/^| 16 |\(.*\)$/| 16 |\1\n| 17 | new |/' "$src/README.md" >"$tmp/readme-17"
differs "caught: README.md with an extra exit 17" "$exits" readme_exits "$tmp/readme-17"
sed '/^| `tools\/uvcstat\/` |/s/`compare`, //' "$top/README.md" >"$tmp/top-cmd"
differs "caught: top README.md without compare" "$commands" top_commands "$tmp/top-cmd"
# a new code in the single source that the man page lacks
sed 's/^\(\t*X(MISMATCH, 16, .*\)$/\1 \\\n\tX(NEW, 17, "new")/' "$src/exit_codes.h" >"$tmp/exit_codes.h"
differs "caught: a new exit code the man page lacks" "$(source_exits "$tmp/exit_codes.h")" man_exits "$src/uvcstat.1"
sed 's/^\(\t*X(trace, .*\)$/\1 \\\n\tX(plot, "x")/' "$src/commands.h" >"$tmp/commands.h"
differs "caught: a new command the README lacks" "$(source_commands "$tmp/commands.h")" readme_commands "$src/README.md"

done_testing

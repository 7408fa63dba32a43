#!/usr/bin/env bash
# docs/hardware.md and docs/hardware.config against the repository: every
# option the board fragment asks for is set the same way in the lab's
# qemu/kernel.config (so the lab runs what a board runs), every option the
# page names is in one of the lab's fragments, every repository path the
# page names exists, its `git am` line lists exactly the patches of each
# base's series, and the top README links the page.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. tests/lib/tap.sh
doc=docs/hardware.md
frag=docs/hardware.config
series_files=(patches/*/series)
plan $((6 + 2 * ${#series_files[@]}))	# 2 for each base's series

n=0 bad=0
while IFS= read -r line; do
	n=$((n + 1))
	grep -qxF -- "$line" qemu/kernel.config || { bad=$((bad + 1)); diag "$frag: $line is not in qemu/kernel.config"; }
done < <(grep -E '^CONFIG_[A-Z0-9_]+=' "$frag")
ok "$([ "$n" -ge 10 ] && [ "$bad" -eq 0 ] && echo 0 || echo 1)" \
	"each of the $n options of $frag is set the same way in qemu/kernel.config"

bad=0
while read -r opt; do
	grep -qE "^$opt=" "$frag" qemu/kernel.config qemu/kernel-dma-debug.config ||
		{ bad=1; diag "$doc names $opt, which no lab fragment sets"; }
done < <(grep -oE 'CONFIG_[A-Z0-9_]+' "$doc" | sort -u)
is "$bad" 0 "every option $doc names is set by $frag, qemu/kernel.config or qemu/kernel-dma-debug.config"

while read -r opt; do
	grep -q "\`$opt\`" "$doc" || { bad=1; diag "$doc does not name $opt of $frag"; }
done < <(grep -oE '^CONFIG_[A-Z0-9_]+' "$frag")
is "$bad" 0 "$doc names every option of $frag"

# Repository paths in backquotes (no placeholders: NAME, <...>, *, ~).
bad=0 n=0
# shellcheck disable=SC2016 # backquotes of Markdown, not of the shell
paths=$(grep -oE '`(bench|bpf|docs|patches|plots|qemu|tests|tools)/[^` ]*`' "$doc" | tr -d '`' | sort -u)
while read -r p; do
	case $p in *NAME* | *'<'* | *'*'*) continue ;; esac
	n=$((n + 1))
	[ -e "$p" ] || { bad=1; diag "$doc: $p does not exist"; }
done <<<"$paths"
ok "$([ "$n" -ge 15 ] && [ "$bad" -eq 0 ] && echo 0 || echo 1)" "the $n repository paths $doc names exist"

# The page's `git am` line, evaluated for each base: the series' patches, in order.
# shellcheck disable=SC2016 # the page's literal $(...)
am=$(sed -n 's/^    git am -3 \$(\(.*\))$/\1/p' "$doc")
ok "$([ -n "$am" ] && echo 0 || echo 1)" "$doc has the git am line"
for s in "${series_files[@]}"; do
	series=$top/${s%/series}
	want=$(grep -vE '^[[:space:]]*(#|$)' "$s" | sed "s|^|$series/|" || true)
	got=$(eval "$am")
	is "$got" "$want" "git am line for ${s%/series}: the series' patches in order"
	bad=0
	for f in $got; do [ -r "$f" ] || { bad=1; diag "$f: listed in $s, missing"; }; done
	is "$bad" 0 "git am line for ${s%/series}: every patch it names exists"
done

like "$(cat README.md)" '\(docs/hardware\.md\)' "README.md links $doc"
done_testing

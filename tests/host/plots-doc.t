#!/usr/bin/env bash
# shellcheck disable=SC2016 # backquotes are Markdown's, $ signs the scripts' own
# plots/README.md describes every file of plots/ and every figure the
# scripts draw (draw.sh and dma.sh: each name they give a figure), as
# the README's "one page per folder" promises; a README with a file or a
# figure left out is caught.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
readme=$top/plots/README.md
plan 5

# the names a README quotes in the first cell of a table row
named() { sed -n 's/^| \(`[^|]*\) |.*/\1/p' "$1" | grep -o '`[^`]*`' | tr -d '`' | sort -u; }
files=$(for f in "$top"/plots/*; do [ "${f##*/}" = README.md ] || echo "${f##*/}"; done | sort)
# figure names: draw.sh's 'figure SCRIPT.gp NAME' ($what for the two
# measures it loops over, $p for a model platform), dma.sh's 'figure NAME'
figures=$( {
	sed -nE 's/^[[:space:]]*figure [a-z]+\.gp "?([a-z$-]+)"?( .*)?$/\1/p' "$top/plots/draw.sh" |
		sed -e 's/^\$what-\(.*\)/decode-\1\nurb-\1/' -e 's/^model-\$p$/model-PLATFORM/'
	sed -nE 's/^figure (dma-[a-z]+) .*/\1/p' "$top/plots/dma.sh"
	echo averages
} | sort -u)
ok "$([ "$(wc -l <<<"$figures")" -ge 12 ] && echo 0 || echo 1)" "the scripts draw $(wc -l <<<"$figures") figures"
is "$(comm -23 <(echo "$files") <(named "$readme"))" "" "every file of plots/ is in its README"
is "$(comm -23 <(echo "$figures") <(named "$readme"))" "" "every figure is in its README"
grep -v '^| `model.gp`' "$readme" >"$tmp/less-file"
is "$(comm -23 <(echo "$files") <(named "$tmp/less-file"))" "model.gp" "caught: a README without model.gp"
grep -v '^| `dma-bandwidth`' "$readme" >"$tmp/less-figure"
like "$(comm -23 <(echo "$figures") <(named "$tmp/less-figure"))" "dma-bandwidth" "caught: a README without the dma figures"
done_testing

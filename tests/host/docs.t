#!/usr/bin/env bash
# shellcheck disable=SC2016 # the backquotes are Markdown's, not command substitutions
# The documentation as a whole (every Markdown file of the repository):
# each relative link leads to a file that exists, and each #anchor to a
# heading of its file (GitHub's anchors); no internal ticket number (the
# word issue and a number) is left where a user reads; the top README
# stays short (150 lines at most) and free of dated measurements, which
# belong under "Findings" in the documents of their topics. The link check
# is also run on a document with a broken link and a broken anchor, to
# show that it fails.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
cd "$top"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

plan 9

mapfile -t docs < <(git ls-files --cached --others --exclude-standard -- '*.md' | while read -r f; do [ -f "$f" ] && echo "$f"; done)

# anchors FILE: the GitHub anchor of each heading of FILE, one a line
# (lower case; what is not a letter, digit, space, - or _ dropped; spaces
# become -)
anchors() {
	awk '/^```/ { code = !code } !code && /^#+ / { sub(/^#+ +/, ""); print }' "$1" |
		tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9 _-]//g; s/ /-/g'
}
# bad_links FILE...: each relative link of the files that leads nowhere,
# "FILE: TARGET", one a line
bad_links() {
	local f link path anchor dir
	for f in "$@"; do
		dir=$(dirname "$f")
		# [text](target) outside code spans; an image's too
		while read -r link; do
			case $link in http://* | https://* | mailto:*) continue ;; esac
			path=${link%%#*} anchor=
			[[ $link == *'#'* ]] && anchor=${link#*#}
			if [ -z "$path" ]; then path=$f; else path=$dir/$path; fi
			if [ ! -e "$path" ]; then
				echo "$f: $link (no such file)"
			elif [ -n "$anchor" ] && ! anchors "$path" | grep -qxF -- "$anchor"; then
				echo "$f: $link (no such heading)"
			fi
		done < <(sed 's/`[^`]*`//g' "$f" | grep -oE '\]\([^) ]+\)' | sed -E 's/^\]\((.*)\)$/\1/')
	done
}

ok "$([ "${#docs[@]}" -ge 15 ] && echo 0 || echo 1)" "the Markdown files of the repository (${#docs[@]})"
is "$(bad_links "${docs[@]}")" "" "every relative link leads to a file, every anchor to a heading"
is "$(grep -nE '[Ii]ssues? #?[0-9]' "${docs[@]}" || true)" "" "no internal ticket number in the documentation"
n=$(wc -l <README.md)
ok "$([ "$n" -le 150 ] && echo 0 || echo 1)" "README.md is 150 lines or less ($n)"
is "$(grep -nE '20[0-9]{2}-[01][0-9]-[0-3][0-9]' README.md || true)" "" "README.md has no dated measurement"
is "$(for d in docs/*.md; do grep -qF "]($d)" README.md || echo "$d"; done)" "" "README.md links every document of docs/"
# The README's excerpt of summary.md is copied from the example page that
# make wrote, not typed: every line of its table is a line of that page.
excerpt=$(sed -n '/^| interval | noncontiguous |/,/^$/p' README.md | sed '/^$/d')
is "$(grep -vxF -f docs/figures/summary-tcg-icount.md <<<"${excerpt:-no table}" || true)" "" \
	"README.md's table of averages is the example summary.md's ($(wc -l <<<"$excerpt") lines)"

# ---- the link check fails on a broken link and a broken anchor ----
mkdir -p "$tmp/d"
printf '# A page\n\n## Its part\n\nSee [it](#its-part) and [here](page.md#its-part).\n' >"$tmp/d/page.md"
printf '[gone](nowhere.md) [off](page.md#no-such-part)\n' >"$tmp/d/bad.md"
is "$(bad_links "$tmp/d/page.md")" "" "a page's own links and anchors pass"
is "$(bad_links "$tmp/d/bad.md" | sed "s|$tmp/d/||")" "bad.md: nowhere.md (no such file)
bad.md: page.md#no-such-part (no such heading)" "caught: a link to no file and an anchor to no heading"
done_testing

#!/usr/bin/env bash
# Every Fixes: tag in the committed series (every base and upstream) names
# an id and title that patches/fixes-checked.txt lists with where it was
# checked; the check is also shown failing on a copy with a tag it does not
# list.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checked=$top/patches/fixes-checked.txt
plan 4

# unchecked LIST FILE...: the Fixes: lines of the files that LIST does not
# have as an id and title (one per line: FILE: TAG)
unchecked() {
	local list=$1
	shift
	awk -F'\t' -v list="$list" '
		BEGIN {
			while ((getline l < list) > 0) {
				if (l ~ /^#/ || l == "") continue
				split(l, f, "\t")
				ok[f[1] " (\"" f[2] "\")"] = 1
			}
		}
		/^Fixes: / { tag = substr($0, 8); if (!(tag in ok)) print FILENAME ": " tag }
	' "$@"
}

mapfile -t patches < <(find "$top/patches" -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' | sort)
tags=$(cat "${patches[@]}" | grep -c '^Fixes: ' || true)
ok "$([ "$tags" -ge 8 ] && echo 0 || echo 1)" "the series carry Fixes: tags ($tags in ${#patches[@]} patches)"
is "$(awk -F'\t' '!/^#/ && NF && (NF != 3 || length($1) != 12 || $1 ~ /[^0-9a-f]/ || $3 == "")' "$checked")" "" \
	"fixes-checked.txt: each line a 12-digit id, a title and its evidence"
is "$(unchecked "$checked" "${patches[@]}")" "" "every Fixes: tag is one that was checked"
cp "${patches[0]}" "$tmp/"
printf '%s\n' 'Fixes: 01e90464e42e ("media: uvcvideo: queue: Support asynchronous buffer handling")' >>"$tmp/${patches[0]##*/}"
like "$(unchecked "$checked" "$tmp/${patches[0]##*/}")" '01e90464e42e' \
	"a tag the list does not have is found (the one 0004 named before)"
done_testing

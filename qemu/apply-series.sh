#!/usr/bin/env bash
# Apply a quilt-style series (patches/series: one patch file name per line,
# '#' comments) on top of the 'pristine' tag of a git tree, one commit per
# patch, and check the result out.
#
# The commits are built in a scratch index, never in the working tree, and
# the final checkout rewrites only the files that differ from what is
# checked out now: untouched files keep their timestamps, so kbuild (and
# ccache for the rest) rebuilds only what the series change affects.
#
# usage: apply-series.sh TREE SERIES_FILE
# Prints the commit of the last patch; exits 1 naming the patch that fails.
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: ${0##*/} TREE SERIES_FILE" >&2; exit 2; }
tree=$1 series=$2
patch_dir=$(cd "$(dirname "$series")" && pwd)
git -C "$tree" rev-parse -q --verify pristine >/dev/null ||
	{ echo "${0##*/}: $tree has no 'pristine' tag" >&2; exit 2; }

# The commits are scratch work of the build, whoever runs it.
export GIT_AUTHOR_NAME=uvcdma GIT_AUTHOR_EMAIL=uvcdma@localhost
export GIT_COMMITTER_NAME=uvcdma GIT_COMMITTER_EMAIL=uvcdma@localhost

index=$(mktemp)
trap 'rm -f "$index"' EXIT
export GIT_INDEX_FILE=$index
git -C "$tree" read-tree pristine

head=$(git -C "$tree" rev-parse pristine)
n=0
while IFS= read -r name || [ -n "$name" ]; do
	name=${name%%#*}
	name=$(echo "$name" | xargs)
	[ -n "$name" ] || continue
	n=$((n + 1))
	patch=$patch_dir/$name
	[ -r "$patch" ] || { echo "${0##*/}: patch $n ($name) listed in $series does not exist" >&2; exit 1; }
	if ! err=$(git -C "$tree" apply --cached "$patch" 2>&1); then
		echo "${0##*/}: patch $n ($name) does not apply:" >&2
		echo "$err" >&2
		exit 1
	fi
	subject=$(sed -n 's/^Subject: \(\[[^]]*\] \)\{0,1\}//p' "$patch" | head -n 1)
	head=$(git -C "$tree" commit-tree "$(git -C "$tree" write-tree)" -p "$head" \
		-m "${subject:-$name}" -m "Applied by uvcdma from patches/$name")
done <"$series"
unset GIT_INDEX_FILE

# Files whose timestamps changed but not their content must not count as
# modified, or the forced checkout would rewrite them.
git -C "$tree" update-index -q --refresh >/dev/null || true
git -C "$tree" checkout -q -f --detach "$head"
echo "$head"

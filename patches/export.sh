#!/usr/bin/env bash
# Regenerate patches/<base>/ from a kernel tree whose branch holds the
# series on top of the 'pristine' tag (build/linux-<base>, branch 'dev' by
# default): the git format-patch files, the cover letter (from that base's
# cover-letter.txt) and the series file. Then check every patch with
# checkpatch --strict. The base is KERNEL (UVCDMA_KERNEL, default 6.1).
#
# usage: [UVCDMA_KERNEL=BASE] patches/export.sh [TREE [BRANCH]]
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"
kernel_base_check
here=${KERNEL_SERIES%/series}
tree=${1:-$KERNEL_MAIN_SRC}
branch=${2:-dev}

git -C "$tree" config "branch.$branch.description" "$(cat "$here/cover-letter.txt")"
# The cover letter is signed like the patches: by the series' author.
name=$(git -C "$tree" log -1 --format=%an "$branch")
email=$(git -C "$tree" log -1 --format=%ae "$branch")
rm -f "$here"/[0-9][0-9][0-9][0-9]-*.patch
git -C "$tree" -c user.name="$name" -c user.email="$email" format-patch -q --cover-letter --cover-from-description=subject \
	-o "$here" "pristine..$branch"
{
	echo "# Kernel patches applied in order on top of $KERNEL_PACKAGE by qemu/kernel.sh."
	echo "# One git format-patch file name per line; '#' starts a comment."
	for p in "$here"/[0-9][0-9][0-9][0-9]-*.patch; do
		case ${p##*/} in 0000-*) ;; *) echo "${p##*/}" ;; esac
	done
} >"$here/series.new"
mv "$here/series.new" "$here/series"
for p in "$here"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-*) continue ;; esac
	(cd "$tree" && scripts/checkpatch.pl --strict -q --no-tree "$p") || true
done

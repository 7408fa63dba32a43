#!/usr/bin/env bash
# Regenerate patches/<base>/ from a kernel tree whose branch holds the
# series on top of the 'pristine' tag (build/linux-<base>, branch 'dev' by
# default): the git format-patch files, the cover letter (from that base's
# cover-letter.txt) and the series file, with no author and no sign-off
# (patches/identity.sh; patches/export.sh stamps the exporter's). Then
# check every patch with checkpatch --strict. The base is KERNEL
# (UVCDMA_KERNEL, default 6.1).
#
# usage: [UVCDMA_KERNEL=BASE] patches/regenerate.sh [TREE [BRANCH]]
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"
# shellcheck source=patches/identity.sh
. "$UVCDMA_TOP/patches/identity.sh"
kernel_base_check
here=${KERNEL_SERIES%/series}
tree=${1:-$KERNEL_MAIN_SRC}
branch=${2:-dev}

git -C "$tree" config "branch.$branch.description" "$(cat "$here/cover-letter.txt")"
rm -f "$here"/[0-9][0-9][0-9][0-9]-*.patch
git -C "$tree" "${IDENTITY_REGENERATE[@]}" format-patch -q --cover-letter --cover-from-description=subject \
	-o "$here" "pristine..$branch"
strip_identity "$here"/[0-9][0-9][0-9][0-9]-*.patch
{
	echo "# Kernel patches applied in order on top of $KERNEL_PACKAGE by qemu/kernel.sh."
	echo "# One git format-patch file name per line; '#' starts a comment."
	for p in "$here"/[0-9][0-9][0-9][0-9]-*.patch; do
		case ${p##*/} in 0000-*) ;; *) echo "${p##*/}" ;; esac
	done
} >"$here/series.new"
mv "$here/series.new" "$here/series"
# checkpatch wants a sign-off: it reads copies signed by a name that is
# plainly no one's, as export.sh would sign them.
signed=$(mktemp -d)
trap 'rm -rf "$signed"' EXIT
for p in "$here"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-*) continue ;; esac
	stamp_identity "$IDENTITY_CHECK" "$p" "$signed/${p##*/}"
	(cd "$tree" && scripts/checkpatch.pl --strict -q --no-tree "$signed/${p##*/}") || true
done

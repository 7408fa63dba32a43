#!/usr/bin/env bash
# Regenerate patches/upstream/TOPIC/ from a 7.3 kernel branch whose base is
# the tree's 'pristine' tag: git format-patch files with a cover letter
# (from TOPIC/cover-letter.txt), To: the maintainers and Cc: the reviewers
# and lists that scripts/get_maintainer.pl of the lab's 7.3 tree names for
# the whole series, with no author and no sign-off (patches/identity.sh:
# patches/export.sh stamps the exporter's and writes what 'git send-email
# --dry-run' would send). Then patches/upstream/check.sh.
#
# usage: patches/upstream/regenerate.sh TOPIC BRANCH [TREE]
set -euo pipefail
export UVCDMA_KERNEL=7.3
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../../qemu/lib.sh"
# shellcheck source=patches/identity.sh
. "$UVCDMA_TOP/patches/identity.sh"

{ [ $# -ge 2 ] && [ $# -le 3 ]; } || die "usage: ${0##*/} TOPIC BRANCH [TREE]"
topic=$1 branch=$2 tree=${3:-$KERNEL_MAIN_SRC}
here=$UVCDMA_TOP/patches/upstream/$topic
[ -r "$here/cover-letter.txt" ] || die "no $here/cover-letter.txt"
[ -x "$KERNEL_MAIN_SRC/scripts/get_maintainer.pl" ] || die "no 7.3 tree at $KERNEL_MAIN_SRC: run 'make kernel KERNEL=7.3'"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git -C "$tree" format-patch -q -o "$scratch" "pristine..$branch"
maintainers() {
	(cd "$KERNEL_MAIN_SRC" && scripts/get_maintainer.pl --no-git --no-git-fallback --no-fixes \
		--norolestats "$@" "$scratch"/*.patch)
}
mapfile -t to < <(maintainers --no-l --no-r)
mapfile -t cc < <(maintainers --no-m)
[ "${#to[@]}" -gt 0 ] || die "get_maintainer.pl named no maintainer"

git -C "$tree" config "branch.$branch.description" "$(cat "$here/cover-letter.txt")"
rm -f "$here"/[0-9][0-9][0-9][0-9]-*.patch
args=(--cover-letter --cover-from-description=subject -o "$here")
for a in "${to[@]}"; do args+=(--to="$a"); done
for a in "${cc[@]}"; do args+=(--cc="$a"); done
git -C "$tree" "${IDENTITY_REGENERATE[@]}" format-patch -q "${args[@]}" "pristine..$branch"
strip_identity "$here"/[0-9][0-9][0-9][0-9]-*.patch
{
	echo "# The $topic series, in order, against $KERNEL_PACKAGE ($(kernel_source_version))."
	for p in "$here"/[0-9][0-9][0-9][0-9]-*.patch; do
		case ${p##*/} in 0000-*) ;; *) echo "${p##*/}" ;; esac
	done
} >"$here/series"
log "upstream: $topic: $(grep -vc "^#" "$here/series") patches, To: ${to[*]}"

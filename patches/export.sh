#!/usr/bin/env bash
# Export the committed patch series for sending: each series folder's
# git format-patch files copied to OUT/<folder>/ with the exporter as the
# From: of every file and the Signed-off-by: of every patch (the
# committed files carry neither: patches/identity.sh). The exporter is
# --from "Name <address>", or git config's user.name and user.email;
# with neither, or with an address nobody reads, nothing is written.
# For a series whose cover letter is addressed (To:, the upstream ones),
# OUT/<folder>/send-email-dry-run.txt is what 'git send-email --dry-run'
# would send; nothing is sent.
#
# usage: patches/export.sh [--from "Name <address>"] [-o OUT] [FOLDER...]
#   FOLDER: a folder of patches/ holding a series file (6.1, upstream/
#   linux-media...); default: all of them. OUT: default results/patches.
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"
# shellcheck source=patches/identity.sh
. "$UVCDMA_TOP/patches/identity.sh"

usage() { echo "usage: ${0##*/} [--from \"Name <address>\"] [-o OUT] [FOLDER...]" >&2; exit 2; }
from="" out=$RESULTS_DIR/patches
while [ $# -gt 0 ]; do
	case $1 in
	--from) [ $# -ge 2 ] || usage; from=$2; shift 2 ;;
	--from=*) from=${1#--from=}; shift ;;
	-o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	-h | --help) usage ;;
	-*) echo "${0##*/}: error: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
mapfile -t folders < <(cd "$UVCDMA_TOP/patches" && find . -name series -printf '%h\n' | sed 's|^\./||' | sort -V)
[ $# -gt 0 ] || set -- "${folders[@]}"
for f in "$@"; do
	f=${f%/}
	[ -r "$UVCDMA_TOP/patches/$f/series" ] ||
		die "no series in patches/$f; the folders are: ${folders[*]}"
done
id=$(exporter_identity "$from") || exit 1

for f in "$@"; do
	f=${f%/}
	src=$UVCDMA_TOP/patches/$f dst=$out/$f
	mkdir -p "$dst"
	rm -f "$dst"/[0-9][0-9][0-9][0-9]-*.patch "$dst/send-email-dry-run.txt"
	n=0
	for p in "$src"/[0-9][0-9][0-9][0-9]-*.patch; do
		stamp_identity "$id" "$p" "$dst/${p##*/}"
		n=$((n + 1))
	done
	what="$n files"
	if grep -q '^To: ' "$src/0000-cover-letter.patch"; then
		command -v git-send-email >/dev/null || [ -x "$(git --exec-path)/git-send-email" ] ||
			die "git send-email not found: run 'make deps' (git-email)"
		name=${id% <*} email=${id##* <}
		email=${email%>}
		# What would go out, to whom: the addresses come from the patches' headers.
		(cd "$dst" && git -c user.name="$name" -c user.email="$email" -c sendemail.smtpserver=/bin/false \
			send-email --dry-run --confirm=never --suppress-cc=self \
			[0-9][0-9][0-9][0-9]-*.patch) >"$dst/send-email-dry-run.txt" ||
			die "git send-email --dry-run failed on $dst"
		what="$what, send-email-dry-run.txt"
	fi
	log "export: patches/$f -> ${dst#"$UVCDMA_TOP"/}: $what, from $id"
done

#!/usr/bin/env bash
# Fetch the source tarball of the base KERNEL when Debian 12 does not ship
# it (qemu/kernel-suites.txt): the newest linux-source-$KERNEL that the
# listed suite serves, downloaded with an apt configuration scoped to a
# cache directory (its own sources.list, lists and archives; the host's
# sources and package state are never touched), its tarball kept in
# $CACHE_DIR/kernel-sources/ with the exact package version beside it.
# Once there it is kept: a run never changes its base's version behind
# the user's back; UPDATE=1 fetches again when the suite serves a newer one.
# Nothing to do for a base Debian 12 ships (make deps installs it).
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"

kernel_base_check
suite=$(kernel_suite)
[ -n "$suite" ] || exit 0
version_file=$KERNEL_TARBALL.version
if [ -r "$KERNEL_TARBALL" ] && [ -s "$version_file" ] && [ "${UPDATE:-0}" != 1 ]; then
	exit 0
fi
for tool in apt-get apt-cache dpkg-deb; do
	command -v "$tool" >/dev/null || die "$tool not found: uvcdma needs Debian 12"
done

scoped_apt_options "$suite"
mkdir -p "${KERNEL_TARBALL%/*}"

step "kernel source: reading the package lists of $suite" \
	apt-get "${APT_OPTS[@]}" -q update >/dev/null
version=$(apt-cache "${APT_OPTS[@]}" policy "$KERNEL_PACKAGE" | sed -n 's/^ *Candidate: //p')
if [ -z "$version" ] || [ "$version" = "(none)" ]; then
	served=$(apt-cache "${APT_OPTS[@]}" search --names-only '^linux-source-[0-9.]*$' |
		cut -d' ' -f1 | sort -V | paste -sd' ')
	die "$suite no longer serves $KERNEL_PACKAGE; the kernel sources it serves: ${served:-none}"
fi

fetch() {
	local deb tmp
	# apt-get download writes into the working directory, nowhere else.
	rm -f "$APT_DIR/archives/${KERNEL_PACKAGE}_"*.deb
	(cd "$APT_DIR/archives" && apt-get "${APT_OPTS[@]}" -q download "$KERNEL_PACKAGE=$version" >/dev/null)
	deb=$(printf '%s\n' "$APT_DIR/archives/${KERNEL_PACKAGE}_"*.deb | head -n 1)
	[ -r "$deb" ] || die "apt-get download left no $KERNEL_PACKAGE package in $APT_DIR/archives"
	tmp=$KERNEL_TARBALL.tmp
	dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$KERNEL_PACKAGE.tar.xz" >"$tmp"
	mv "$tmp" "$KERNEL_TARBALL"
	echo "$version" >"$version_file"
	# The tarball is all the lab reads; the 160 MB package would only sit there.
	rm -f "$deb"
}
if [ -r "$KERNEL_TARBALL" ] && [ "$(cat "$version_file" 2>/dev/null)" = "$version" ]; then
	log "kernel source: $KERNEL_PACKAGE $version from $suite, already here"
	exit 0
fi
step "kernel source: downloading $KERNEL_PACKAGE $version from $suite" fetch

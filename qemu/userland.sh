#!/usr/bin/env bash
# Build the guest's root filesystem: Debian bookworm arm64 packages unpacked
# with mmdebstrap's "extract" variant, which never runs a foreign binary on
# the host, plus the small init that hands over to qemu/guest/init in the
# repository (shared with the guest over 9p, so editing it needs no rebuild).
#
# The tree is rebuilt only when the package list or this script change.
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"

packages_file=$UVCDMA_TOP/qemu/guest-packages.txt
stamp=$GUEST_ROOT/.uvcdma-stamp
mirror=${UVCDMA_DEBIAN_MIRROR:-http://deb.debian.org/debian}
security_mirror=${UVCDMA_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

fingerprint=$(cat "$packages_file" "$0" | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$fingerprint" ]; then
	log "guest userland: up to date ($GUEST_ROOT)"
	exit 0
fi

command -v mmdebstrap >/dev/null || die "mmdebstrap not found: run 'make deps'"
packages=$(grep -v '^#' "$packages_file" | grep -v '^[[:space:]]*$' | paste -sd, -)

extract() {
	rm -rf "$GUEST_ROOT.tmp"
	# mmdebstrap wants the target's parent to exist: 'make userland' may
	# run before anything else made the build directory.
	mkdir -p "${GUEST_ROOT%/*}"
	mmdebstrap --quiet --variant=extract --arch=arm64 \
		--include="$packages" \
		bookworm "$GUEST_ROOT.tmp" \
		"deb $mirror bookworm main" \
		"deb $mirror bookworm-updates main" \
		"deb $security_mirror bookworm-security main"
}
step "guest userland: unpacking arm64 packages ($packages)" extract

root=$GUEST_ROOT.tmp
# busybox-static installs no /bin/sh; the guest's init and scripts need one.
[ -e "$root/bin/sh" ] || ln -s busybox "$root/bin/sh"
# Mount points for the 9p shares and the pseudo filesystems.
mkdir -p "$root/uvcdma" "$root/results" "$root/job" "$root/proc" "$root/sys" \
	"$root/dev" "$root/tmp" "$root/run" "$root/sbin"
# Modules come from the kernel build (shared as /uvcdma), not from the root,
# so a kernel rebuild never needs a new userland.
rm -rf "$root/lib/modules"
ln -s /uvcdma/build/modules/lib/modules "$root/lib/modules"
install -m 0755 "$UVCDMA_TOP/qemu/guest/stub-init" "$root/sbin/uvcdma-init"

rm -rf "$GUEST_ROOT"
mv "$root" "$GUEST_ROOT"
echo "$fingerprint" >"$stamp"
log "guest userland: $(du -sh "$GUEST_ROOT" | cut -f1) in $GUEST_ROOT"

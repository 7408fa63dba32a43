#!/usr/bin/env bash
# Install the Debian packages listed in qemu/host-packages.txt that are
# missing. Quiet and quick when everything is there already, so that every
# make target can depend on it.
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"

list=$UVCDMA_TOP/qemu/host-packages.txt
mapfile -t wanted < <(grep -v '^[[:space:]]*\(#\|$\)' "$list")

missing=()
for pkg in "${wanted[@]}"; do
	status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)
	[ "${status:0:2}" = ii ] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

command -v apt-get >/dev/null ||
	die "apt-get not found; uvcdma needs Debian 12. Missing packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
	as_root=()
elif command -v sudo >/dev/null; then
	log "installing packages through sudo (it may ask for your password): ${missing[*]}"
	as_root=(sudo)
else
	die "missing packages: ${missing[*]}. Run 'make deps' as root, or install them with apt-get."
fi

install_missing() {
	"${as_root[@]}" apt-get update -q
	DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q "${missing[@]}"
}
step "deps: installing ${missing[*]}" install_missing

#!/usr/bin/env bash
# make model: what a run under the memory model needs (model/README.md).
#  1. QEMU 10 from bookworm-backports (the plugin API the model uses),
#     downloaded with an apt configuration scoped to the cache and unpacked
#     there: the host's QEMU, the one every other run uses, is untouched;
#  2. qemu-plugin.h, which no binary package ships, from the orig tarball of
#     the same version;
#  3. the plugin (model/plugin) against it, into build/model/;
#  4. the guest's hint module (model/hints) against the lab kernel.
# Kept once fetched; UPDATE=1 fetches the newest QEMU 10 served again.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=qemu/lib.sh
. "$here/../qemu/lib.sh"

version_file=$MODEL_QEMU_DIR/version
fetch_qemu() {
	local version deb v
	scoped_apt_options --with-sources "$MODEL_QEMU_SUITE"
	apt-get "${APT_OPTS[@]}" -q update >/dev/null
	version=$(apt-cache "${APT_OPTS[@]}" policy qemu-system-arm | sed -n 's/^ *Candidate: //p')
	case $version in
	1:10.*) ;;
	*) die "$MODEL_QEMU_SUITE serves qemu-system-arm '${version:-none}', not a QEMU 10 (the model needs its plugin API 4)" ;;
	esac
	rm -rf "$MODEL_QEMU_DIR.new" "$APT_DIR/archives/"*.deb "$APT_DIR/archives/"qemu_*
	mkdir -p "$MODEL_QEMU_DIR.new/include"
	# apt-get download and source write into the working directory.
	(cd "$APT_DIR/archives" &&
		apt-get "${APT_OPTS[@]}" -q download "qemu-system-arm=$version" \
			"qemu-system-common=$version" "qemu-system-data=$version" >/dev/null &&
		apt-get "${APT_OPTS[@]}" -q source --download-only --tar-only "qemu=$version" >/dev/null)
	for deb in "$APT_DIR/archives/"*.deb; do
		dpkg-deb -x "$deb" "$MODEL_QEMU_DIR.new"
	done
	v=${version#*:}
	v=${v%%-*}
	tar -xJOf "$APT_DIR/archives/qemu_$v.orig.tar.xz" "qemu-${v%+*}/include/qemu/qemu-plugin.h" \
		>"$MODEL_QEMU_DIR.new/include/qemu-plugin.h"
	rm -f "$APT_DIR/archives/"*.deb "$APT_DIR/archives/"qemu_*
	echo "$version" >"$MODEL_QEMU_DIR.new/version"
	rm -rf "$MODEL_QEMU_DIR"
	mv "$MODEL_QEMU_DIR.new" "$MODEL_QEMU_DIR"
}
if [ ! -s "$version_file" ] || [ ! -x "$MODEL_QEMU" ] || [ "${UPDATE:-0}" = 1 ]; then
	step "model: QEMU 10 from $MODEL_QEMU_SUITE into $MODEL_QEMU_DIR" fetch_qemu
fi
"$MODEL_QEMU" --version >/dev/null 2>"$MODEL_QEMU_DIR/check.log" ||
	die "$MODEL_QEMU does not run ($(head -n 1 "$MODEL_QEMU_DIR/check.log")): run 'make deps' for its libraries"
log "model: QEMU $(cat "$version_file") ($MODEL_QEMU)"

make -s -C "$here/plugin" OUT="$BUILD_DIR/model" QEMU_PLUGIN_INC="$MODEL_QEMU_DIR/include"
log "model: plugin $MODEL_PLUGIN"
"$here/hints/build.sh"

#!/usr/bin/env bash
# Build one out-of-tree module against the lab kernel that qemu/lib.sh
# selects (KERNEL, UVCDMA_KERNEL_VARIANT: its KERNEL_SRC, with the kernel's
# cross compiler and ccache) and install it into the guest's module tree,
# build/modules/lib/modules/<release>/extra/, with depmod, so that the
# guest's modprobe finds it. Run after the kernel is built; a kernel
# rebuild reinstalls its own modules, so this runs again after it.
#   qemu/build-module.sh NAME SOURCE_DIR [EXTRA_FILE...]
# SOURCE_DIR holds the Kbuild file and the module's .c and .h files;
# EXTRA_FILEs (headers shared with other parts of the lab) are copied in too.
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: qemu/build-module.sh NAME SOURCE_DIR [EXTRA_FILE...]"
name=$1
src=$2
shift 2
[ -r "$src/Kbuild" ] || die "$src has no Kbuild file"
kernel_build_env "$KERNEL_SRC"
release_file=$KERNEL_SRC/include/config/kernel.release
if [ ! -r "$KERNEL_SRC/Module.symvers" ] || [ ! -r "$release_file" ]; then
	die "no built kernel in $KERNEL_SRC: run 'make kernel' first"
fi
release=$(cat "$release_file")

# Kbuild writes objects beside the sources: build a copy, one per tree.
obj=$BUILD_DIR/kmod/${KERNEL_SRC##*/}/$name
mkdir -p "$obj"
for f in "$src"/Kbuild "$src"/*.c "$src"/*.h "$@"; do
	[ -e "$f" ] || continue
	cmp -s "$f" "$obj/${f##*/}" || cp -p "$f" "$obj/"
done

kmake() {
	# MAKEFLAGS cleared: a calling "make -s" must not change Kbuild's output.
	MAKEFLAGS='' make -C "$KERNEL_SRC" M="$obj" CC="ccache ${CROSS_COMPILE}gcc" "$@"
}
kmake -s -j"${JOBS:-$(nproc)}" modules
kmake -s INSTALL_MOD_PATH="$BUILD_DIR/modules" INSTALL_MOD_DIR=extra \
	INSTALL_MOD_STRIP=1 DEPMOD=/sbin/depmod modules_install
log "kmod: $name.ko for $release in $BUILD_DIR/modules/lib/modules/$release/extra"

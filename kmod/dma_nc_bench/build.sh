#!/usr/bin/env bash
# Build dma_nc_bench.ko against the lab kernel that qemu/lib.sh selects
# (KERNEL, UVCDMA_KERNEL_VARIANT: its KERNEL_SRC, with the kernel's cross
# compiler and ccache) and install it into the guest's module tree,
# build/modules/lib/modules/<release>/extra/, with depmod, so that the
# guest's `modprobe dma_nc_bench` finds it. Run after the kernel is built
# (make lab does); a kernel rebuild reinstalls its own modules, so this
# runs again after it.
#   kmod/dma_nc_bench/build.sh            the main kernel
#   UVCDMA_KERNEL_VARIANT=dma-debug kmod/dma_nc_bench/build.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=qemu/lib.sh
. "$here/../../qemu/lib.sh"

kernel_build_env "$KERNEL_SRC"
release_file=$KERNEL_SRC/include/config/kernel.release
if [ ! -r "$KERNEL_SRC/Module.symvers" ] || [ ! -r "$release_file" ]; then
	die "no built kernel in $KERNEL_SRC: run 'make kernel' first"
fi
release=$(cat "$release_file")

# Kbuild writes objects beside the sources: build a copy, one per tree.
obj=$BUILD_DIR/kmod/${KERNEL_SRC##*/}/dma_nc_bench
mkdir -p "$obj"
for f in "$here"/Kbuild "$here"/*.c "$here"/*.h; do
	cmp -s "$f" "$obj/${f##*/}" || cp -p "$f" "$obj/"
done

kmake() {
	# MAKEFLAGS cleared: a calling "make -s" must not change Kbuild's output.
	MAKEFLAGS='' make -C "$KERNEL_SRC" M="$obj" CC="ccache ${CROSS_COMPILE}gcc" "$@"
}
kmake -s -j"${JOBS:-$(nproc)}" modules
kmake -s INSTALL_MOD_PATH="$BUILD_DIR/modules" INSTALL_MOD_DIR=extra \
	INSTALL_MOD_STRIP=1 DEPMOD=/sbin/depmod modules_install
log "kmod: dma_nc_bench.ko for $release in $BUILD_DIR/modules/lib/modules/$release/extra"

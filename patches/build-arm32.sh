#!/usr/bin/env bash
# 32-bit arm build check of the KERNEL base's series: many UVC boards run
# 32-bit kernels, where u64 statistics, sequence counts and 64-bit
# divisions compile to other code than on arm64. Builds the objects the
# series touches (kernel/dma/mapping.o; drivers/usb/core/hcd.o on 7.3) and
# the uvcvideo module, for ARCH=arm
# (qemu/kernel-arm32.config: SMP, PREEMPT, HIGHMEM, lockdep, warnings as
# errors) in a worktree of the lab's tree with the series applied
# (build/arm32-<base>). Run qemu/kernel.sh first (it applies the series).
#
# usage: [UVCDMA_KERNEL=BASE] patches/build-arm32.sh
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"
kernel_base_check

tree=$BUILD_DIR/arm32-$KERNEL
arm32_series_worktree "$tree"
cross=$ARM32_CROSS patches=$ARM32_PATCHES

fragment=$UVCDMA_TOP/qemu/kernel-arm32.config
configure() {
	kernel_merge_config "$tree" "$fragment"
	"$UVCDMA_TOP/qemu/check-config.sh" "$fragment" "$tree/.config" "$tree" >&2 ||
		die "Kconfig dropped options that ${fragment##*/} asks for (listed above)"
	kernel_config_done "$tree" "$fragment"
}
if kernel_config_current "$tree" "$fragment"; then
	log "arm32: configured from ${fragment#"$UVCDMA_TOP"/} at this commit already"
else
	step "arm32: configuring from ${fragment#"$UVCDMA_TOP"/}" configure
fi

log_file=$BUILD_DIR/arm32-$KERNEL-build.log
arm32_make() {
	make -C "$tree" -j"${JOBS:-$(nproc)}" CC="ccache ${cross}gcc" "$@" >>"$log_file" 2>&1 ||
		{ tail -n 30 "$log_file" >&2; die "32-bit arm build of the $KERNEL series failed at '$*' (log: $log_file)"; }
}
mapfile -t objects < <(series_core_objects "$tree")
build() {
	local obj
	: >"$log_file"
	arm32_make modules_prepare
	for obj in "${objects[@]}"; do
		arm32_make "$obj"
	done
	# No vmlinux here, so no Module.symvers: unresolved symbols are expected.
	arm32_make M=drivers/media/usb/uvc KBUILD_MODPOST_WARN=1 modules
}
built=("${objects[@]}" drivers/media/usb/uvc/uvcvideo.ko)
step "arm32: building ${built[*]} for ARCH=arm ($patches patches of ${KERNEL_SERIES#"$UVCDMA_TOP"/})" build
for obj in "${built[@]}"; do
	[ -f "$tree/$obj" ] || die "no $obj after the build (log: $log_file)"
done
log "arm32: the $KERNEL series builds for 32-bit arm (${built[*]})"

#!/usr/bin/env bash
# Bisectability check: build the kernel (Image and modules) after each
# patch of the series in turn, in a separate worktree of build/linux-<base>
# (build/bisect-<base>) so that the lab kernel is left alone, with the
# lab's config and ccache. Run qemu/kernel.sh first (it applies the series).
#
# usage: [UVCDMA_KERNEL=BASE] patches/build-each.sh
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"

kernel_base_check
tree=$BUILD_DIR/bisect-$KERNEL
kernel_build_env "$tree"

head=$(git -C "$KERNEL_SRC" rev-parse HEAD)
mapfile -t commits < <(git -C "$KERNEL_SRC" rev-list --reverse pristine.."$head")
[ ${#commits[@]} -gt 0 ] || die "no patches applied in $KERNEL_SRC: run qemu/kernel.sh first"

if [ ! -d "$tree" ]; then
	step "bisect: worktree $tree" git -C "$KERNEL_SRC" worktree add -q --detach "$tree" pristine
fi
cp "$KERNEL_SRC/.config" "$tree/.config"

failed=0
n=0
for c in "${commits[@]}"; do
	n=$((n + 1))
	subject=$(git -C "$KERNEL_SRC" log -1 --format=%s "$c")
	git -C "$tree" checkout -q -f --detach "$c"
	log_file=$BUILD_DIR/bisect-$KERNEL-$n.log
	t0=$(now)
	if make -C "$tree" -j"$(nproc)" CC="ccache ${CROSS_COMPILE}gcc" Image modules \
		>"$log_file" 2>&1; then
		log "patch $n ($subject): builds ($(elapsed_since "$t0"))"
	else
		log "patch $n ($subject): BUILD FAILS, see $log_file"
		tail -n 20 "$log_file" >&2
		failed=1
	fi
done
exit "$failed"

#!/usr/bin/env bash
# Build the guest kernel of the base KERNEL (qemu/lib.sh; default 6.1):
# linux-source-$KERNEL unpacked into build/linux-$KERNEL (a git tree whose
# 'pristine' tag is the package's source), patches/$KERNEL/series applied
# on top, configured from qemu/kernel.config merged onto allnoconfig, then
# Image and modules built with ccache and the modules installed into
# build/modules (the guest's /lib/modules).
#
# Nothing is redone when nothing it depends on changed; a changed patch
# rewrites only the files it touches, and ccache serves the rest.
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"

kernel_base_check
# The trees may live in the cache, shared by the clones of this machine
# (qemu/lib.sh shared_tree): from here on the real paths, under the tree's
# lock.
main_real=$(shared_tree "$KERNEL_MAIN_SRC")
if [ -n "$KERNEL_VARIANT" ]; then
	KERNEL_SRC=$(worktree_tree "$KERNEL_SRC")
else
	KERNEL_SRC=$main_real
fi
KERNEL_MAIN_SRC=$main_real
KERNEL_IMAGE=$KERNEL_SRC/arch/arm64/boot/Image
tree_lock "$KERNEL_SRC"
kernel_build_env "$KERNEL_SRC"

fragments=("$UVCDMA_TOP/qemu/kernel.config")
if [ -n "$KERNEL_VARIANT" ]; then
	fragments+=("$UVCDMA_TOP/qemu/kernel-$KERNEL_VARIANT.config")
	[ -r "${fragments[1]}" ] || die "unknown kernel variant '$KERNEL_VARIANT': no ${fragments[1]}"
fi
# A variant's kbuild variables (qemu/kernel-VARIANT.kbuild, NAME=VALUE
# lines), given to every make that compiles the tree.
kbuild_file=$UVCDMA_TOP/qemu/kernel-$KERNEL_VARIANT.kbuild
kbuild_vars=()
if [ -n "$KERNEL_VARIANT" ] && [ -r "$kbuild_file" ]; then
	mapfile -t kbuild_vars < <(sed 's/#.*//; s/[[:space:]]//g; /^$/d' "$kbuild_file")
else
	kbuild_file=/dev/null
fi
series=$KERNEL_SERIES
# The unpatched variant is the base as Debian ships it: what a comparison
# with the series needs (v4l2-compliance's known failures, for one).
[ "$KERNEL_VARIANT" = unpatched ] && series=/dev/null
modules_dir=$BUILD_DIR/modules
build_log=$BUILD_DIR/${KERNEL_SRC##*/}-build.log
jobs=${JOBS:-$(nproc)}

for tool in "${CROSS_COMPILE}gcc" ccache pahole flex bison bc git; do
	command -v "$tool" >/dev/null || die "$tool not found: run 'make deps'"
done
"$UVCDMA_TOP/qemu/kernel-source.sh"
[ -r "$KERNEL_TARBALL" ] || die "no kernel source at $KERNEL_TARBALL: run 'make deps' (package $KERNEL_PACKAGE)"

source_id=$(stat -c '%n %s %Y' "$KERNEL_TARBALL")
inputs() {
	echo "$source_id"
	cat "${fragments[@]}" "$kbuild_file" "$0" "$UVCDMA_TOP/qemu/apply-series.sh" \
		"$UVCDMA_TOP/qemu/check-config.sh" "$series"
	{ grep -v '^[[:space:]]*#' "$series" || true; } | xargs -r -I{} cat "${series%/*}/{}"
}
fingerprint=$(inputs | sha256sum | cut -d' ' -f1)
stamp=$KERNEL_SRC.stamp
install_modules() {
	# Only this kernel release's modules: a variant's sit beside them.
	rm -rf "$modules_dir/lib/modules/$(cat "$KERNEL_SRC/include/config/kernel.release")"
	make -C "$KERNEL_SRC" -s INSTALL_MOD_PATH="$modules_dir" INSTALL_MOD_STRIP=1 \
		DEPMOD=/sbin/depmod modules_install
}
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$fingerprint" ] && [ -f "$KERNEL_IMAGE" ]; then
	release=$(cat "$KERNEL_SRC/include/config/kernel.release")
	# A tree another clone brought up to date: only this clone's modules.
	[ -d "$modules_dir/lib/modules/$release/kernel" ] ||
		step "kernel: installing modules into $modules_dir" install_modules
	log "kernel: up to date ($release)"
	exit 0
fi

unpack() {
	rm -rf "$KERNEL_SRC.tmp"
	mkdir -p "$KERNEL_SRC.tmp"
	tar -xf "$KERNEL_TARBALL" -C "$KERNEL_SRC.tmp" --strip-components=1
	local version
	version=$(kernel_source_version)
	(
		cd "$KERNEL_SRC.tmp"
		git init -q
		git config core.autocrlf false
		# -f: Debian's top-level .gitignore ignores everything; compression
		# level 1: hashing 1.2 GB of sources is the slow part of this step.
		git -c core.looseCompression=1 add -A -f
		GIT_AUTHOR_NAME=uvcdma GIT_AUTHOR_EMAIL=uvcdma@localhost \
			GIT_COMMITTER_NAME=uvcdma GIT_COMMITTER_EMAIL=uvcdma@localhost \
			git commit -q -m "$KERNEL_PACKAGE $version ($KERNEL_TARBALL)"
		git tag pristine
	)
	echo "$source_id" >"$KERNEL_SRC.tmp/.uvcdma-source"
	rm -rf "$KERNEL_SRC"
	mv "$KERNEL_SRC.tmp" "$KERNEL_SRC"
}
# A variant's tree is a worktree of the main tree (same pristine tag).
variant_worktree() {
	local main=$KERNEL_MAIN_SRC
	[ "$(cat "$main/.uvcdma-source" 2>/dev/null)" = "$source_id" ] ||
		die "build the $KERNEL kernel first (qemu/kernel.sh without UVCDMA_KERNEL_VARIANT)"
	rm -rf "$KERNEL_SRC"
	git -C "$main" worktree prune
	git -C "$main" worktree add -q --detach "$KERNEL_SRC" pristine
	echo "$source_id" >"$KERNEL_SRC/.uvcdma-source"
}
if [ "$(cat "$KERNEL_SRC/.uvcdma-source" 2>/dev/null)" != "$source_id" ]; then
	if [ -n "$KERNEL_VARIANT" ]; then
		step "kernel: $KERNEL_VARIANT tree at $KERNEL_SRC" variant_worktree
	else
		step "kernel: unpacking $KERNEL_TARBALL into $KERNEL_SRC" unpack
	fi
fi

apply() {
	local head
	head=$("$UVCDMA_TOP/qemu/apply-series.sh" "$KERNEL_SRC" "$series") ||
		die "${series#"$UVCDMA_TOP"/} does not apply to $KERNEL_PACKAGE $(kernel_source_version) (the failing patch is named above)"
	log "kernel: $(git -C "$KERNEL_SRC" rev-list --count pristine.."$head") patch(es) applied"
}
step "kernel: applying ${series#"$UVCDMA_TOP"/}" apply

configure() {
	local config_stamp=$KERNEL_SRC/.uvcdma-config
	local want
	want=$(cat "${fragments[@]}" | sha256sum | cut -d' ' -f1)
	if [ -f "$KERNEL_SRC/.config" ] && [ "$(cat "$config_stamp" 2>/dev/null)" = "$want" ]; then
		make -C "$KERNEL_SRC" -s olddefconfig
	else
		kernel_merge_config "$KERNEL_SRC" "${fragments[@]}"
		echo "$want" >"$config_stamp"
	fi
	# Later fragments override earlier ones, as in merge_config.sh.
	local merged
	merged=$(mktemp)
	cat "${fragments[@]}" >"$merged"
	if ! "$UVCDMA_TOP/qemu/check-config.sh" "$merged" "$KERNEL_SRC/.config" "$KERNEL_SRC" >&2; then
		rm -f "$config_stamp" "$merged"
		die "Kconfig dropped options that ${fragments[*]##*/} ask for (listed above)"
	fi
	rm -f "$merged"
}
step "kernel: configuring from ${fragments[*]#"$UVCDMA_TOP"/}" configure

# make, printing a progress line every 30 s instead of thousands of lines.
make_with_progress() {
	local what=$1 t0 pid
	shift
	t0=$(now)
	# MAKEFLAGS cleared: a "make -s" above must not silence the log read here.
	MAKEFLAGS='' make -C "$KERNEL_SRC" -j"$jobs" CC="ccache ${CROSS_COMPILE}gcc" "$@" >"$build_log" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		for _ in $(seq 60); do
			sleep 0.5
			kill -0 "$pid" 2>/dev/null || break
		done
		kill -0 "$pid" 2>/dev/null || break
		log "kernel: $what: $(grep -c '^  CC' "$build_log" || true) objects compiled, $(elapsed_since "$t0"); last: $(tail -n 1 "$build_log")"
	done
	if ! wait "$pid"; then
		tail -n 40 "$build_log" >&2
		die "kernel build failed (full log: $build_log)"
	fi
}
step "kernel: building Image and modules (log: $build_log)" make_with_progress "Image modules" Image modules "${kbuild_vars[@]}"

step "kernel: installing modules into $modules_dir" install_modules

echo "$fingerprint" >"$stamp"
log "kernel: $(cat "$KERNEL_SRC/include/config/kernel.release") ready: $KERNEL_IMAGE"

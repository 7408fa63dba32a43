# shellcheck shell=bash
# Shared by the qemu/ scripts: where things live, and how a step reports itself.

UVCDMA_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${UVCDMA_BUILD_DIR:-$UVCDMA_TOP/build}
RESULTS_DIR=${UVCDMA_RESULTS_DIR:-$UVCDMA_TOP/results}
CACHE_DIR=${UVCDMA_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/uvcdma}
# The kernel base (make ... KERNEL=, which the Makefile exports as
# UVCDMA_KERNEL; KERNEL= in the environment of a script run by hand, e.g.
# tests/run, when UVCDMA_KERNEL is unset): a Debian linux-source package
# version with a series of its own in patches/<base>/. The bases are the
# folders there that hold a series file, so adding one is adding a folder.
KERNEL_DEFAULT=6.1
KERNEL=${UVCDMA_KERNEL:-${KERNEL:-$KERNEL_DEFAULT}}
# kernel_bases: every base patches/ has a series for, one per line.
kernel_bases() {
	local s
	for s in "$UVCDMA_TOP"/patches/*/series; do
		[ -r "$s" ] || continue
		s=${s%/series}
		echo "${s##*/}"
	done | sort -V
}
# kernel_base_check: one line naming the bases when KERNEL names none.
kernel_base_check() {
	[ -r "$UVCDMA_TOP/patches/$KERNEL/series" ] && return 0
	printf '%s: error: no series for KERNEL=%s; the bases are: %s\n' \
		"${0##*/}" "$KERNEL" "$(kernel_bases | paste -sd' ')" >&2
	exit 2
}
KERNEL_PACKAGE=linux-source-$KERNEL
# kernel_suite: the Debian suite that serves KERNEL's source when Debian 12
# does not (qemu/kernel-suites.txt), or nothing.
kernel_suite() {
	awk -v b="$KERNEL" '$1 == b { print $2 }' "$UVCDMA_TOP/qemu/kernel-suites.txt"
}
# A base Debian 12 ships is installed in /usr/src; another one's tarball is
# fetched into the cache (qemu/kernel-source.sh).
if [ -n "$(kernel_suite)" ]; then
	KERNEL_TARBALL=${UVCDMA_KERNEL_TARBALL:-$CACHE_DIR/kernel-sources/$KERNEL_PACKAGE.tar.xz}
else
	KERNEL_TARBALL=${UVCDMA_KERNEL_TARBALL:-/usr/src/$KERNEL_PACKAGE.tar.xz}
fi
# kernel_source_version: the exact Debian version of the package
# KERNEL_TARBALL came from ("unknown" when no package says).
kernel_source_version() {
	cat "$KERNEL_TARBALL.version" 2>/dev/null ||
		dpkg-query -W -f='${Version}' "$KERNEL_PACKAGE" 2>/dev/null || echo unknown
}
KERNEL_SERIES=$UVCDMA_TOP/patches/$KERNEL/series
# A kernel variant (e.g. dma-debug: qemu/kernel-dma-debug.config merged on
# top) gets its own tree, a git worktree of the base's main one, and a
# kernel release of its own, so its modules sit beside the main kernel's.
KERNEL_VARIANT=${UVCDMA_KERNEL_VARIANT:-}
KERNEL_MAIN_SRC=$BUILD_DIR/linux-$KERNEL
KERNEL_SRC=$KERNEL_MAIN_SRC${KERNEL_VARIANT:+-$KERNEL_VARIANT}
KERNEL_IMAGE=$KERNEL_SRC/arch/arm64/boot/Image
GUEST_ROOT=$BUILD_DIR/guest-root
CROSS_COMPILE=${CROSS_COMPILE:-aarch64-linux-gnu-}
export KERNEL KERNEL_PACKAGE KERNEL_SERIES KERNEL_MAIN_SRC KERNEL_TARBALL KERNEL_VARIANT UVCDMA_TOP BUILD_DIR RESULTS_DIR CACHE_DIR KERNEL_SRC KERNEL_IMAGE GUEST_ROOT

# The guest's clock (qemu/run --clock, UVCDMA_CLOCK, make ... CLOCK=):
#   icount    single-threaded TCG with -icount shift=N,sleep=on: guest time
#             advances 2^N ns per executed instruction (and with the host's
#             clock while every vCPU idles), so guest timings are exact and
#             repeatable whatever the host load
#   realtime  multi-threaded TCG on the host's wall clock: timings move with
#             the host's load
# The default shift keeps the virtual camera at its nominal rate (YUYV
# 640x480@30 and MJPEG 1280x720@30 deliver 30.0 fps) with the least host
# time per guest second (measured, see docs/lab.md, "Clocks").
ICOUNT_SHIFT_DEFAULT=1
# sleep=on: while every vCPU idles, guest time follows the host's clock
# (the benchmarks: a run's wall time stays the guest's). sleep=off: it
# jumps to the next guest timer (the tests: idle time costs nothing).
ICOUNT_SLEEP_DEFAULT=on
CLOCKS="icount realtime"

# clock_description CLOCK [SHIFT [SLEEP]]: the one line that labels results
# and environment files with the clock they were measured under.
clock_description() {
	local shift=${2:-${UVCDMA_ICOUNT_SHIFT:-$ICOUNT_SHIFT_DEFAULT}}
	local sleep=${3:-${UVCDMA_ICOUNT_SLEEP:-$ICOUNT_SLEEP_DEFAULT}} idle
	case $1 in
	icount)
		idle="idle time follows the host's clock"
		[ "$sleep" = off ] && idle="idle time skipped"
		printf 'clock: icount shift=%s sleep=%s (guest time = %s ns per executed instruction, %s; %s)\n' \
			"$shift" "$sleep" "$((1 << shift))" "$idle" \
			"exact and repeatable; shows instruction counts, not cache or memory effects"
		;;
	realtime) echo "clock: realtime (host wall clock under multi-threaded TCG; noisy)" ;;
	*)
		echo "clock_description: unknown clock '$1' (one of: $CLOCKS)" >&2
		return 2
		;;
	esac
}

# Seconds since the epoch, with nanoseconds, for elapsed-time reports.
now() { date +%s.%N; }

elapsed_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }

log() { printf '[uvcdma] %s\n' "$*" >&2; }

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

# shared_tree PATH: the directory a kernel tree at PATH (build/NAME) really
# is, printed. Kernel trees are large (1.2 GB of sources, then objects)
# and slow to make even from a warm ccache (unpack, commit, configure,
# link, BTF: minutes each), so they live in the cache directory,
# $CACHE_DIR/trees/NAME, shared by every clone of the machine, and
# build/NAME links there; each script brings a tree to its clone's series
# and configuration (only what changed is rebuilt), holding tree_lock. A
# build/NAME that is a directory of its own stays one, and so does every
# tree with UVCDMA_SHARED_TREES=0.
shared_tree() {
	local path=$1 real
	if [ "${UVCDMA_SHARED_TREES:-1}" = 0 ] || { [ -e "$path" ] && [ ! -L "$path" ]; }; then
		echo "$path"
		return
	fi
	real=$CACHE_DIR/trees/${path##*/}
	mkdir -p "${real%/*}" "${path%/*}"
	[ "$(readlink "$path" 2>/dev/null)" = "$real" ] || ln -sfn "$real" "$path"
	echo "$real"
}

# worktree_tree PATH: shared_tree for a git worktree of the KERNEL base's
# main tree (a variant, the 32-bit trees): shared only when the main tree
# is, and a worktree left by another clone's main tree is removed, so
# that the caller adds it anew.
worktree_tree() {
	local path=$1 real
	if [ -L "$KERNEL_MAIN_SRC" ]; then
		real=$(shared_tree "$path")
	else
		[ ! -L "$path" ] || rm -f "$path"
		real=$path
	fi
	if [ -d "$real" ] && [ "$(git -C "$real" rev-parse --path-format=absolute --git-common-dir 2>/dev/null)" != \
		"$(git -C "$KERNEL_MAIN_SRC" rev-parse --path-format=absolute --git-common-dir)" ]; then
		rm -rf "$real"
	fi
	echo "$real"
}

# tree_lock TREE: hold TREE's lock until this script exits (file
# descriptor 9), waiting for another clone or job that holds it.
tree_lock() {
	exec 9>"$1.lock"
	flock -n 9 && return
	log "waiting for ${1##*/}: another build holds $1.lock"
	flock 9
}

# kernel_build_env TREE: the environment every kernel build of the lab
# uses (cross compiler, ccache) for the tree at TREE.
kernel_build_env() {
	export ARCH=arm64 CROSS_COMPILE
	# Empty but set: setlocalversion would otherwise append "+" for a git tree.
	export LOCALVERSION=
	export CCACHE_DIR=${CCACHE_DIR:-$CACHE_DIR/ccache}
	# Cache hits across clones in other folders: paths relative to the
	# tree, the working directory left out of the hash (it only lands in
	# debug info).
	export CCACHE_BASEDIR=$1 CCACHE_NOHASHDIR=1
	export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
	export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-4G}
}

# uvcvideo_build_copy DIR TREEISH LOG [PATCH]: drivers/media/usb/uvc of
# KERNEL_SRC's git at TREEISH (HEAD: the lab's series; pristine: the
# package's own) copied into DIR, with PATCH (-p1) if given, and built
# there as DIR/drivers/media/usb/uvc/uvcvideo.ko against KERNEL_SRC (M=,
# the kernel's ccache), the build's output in LOG. Returns 1 if PATCH does
# not apply, 2 if the build fails.
uvcvideo_build_copy() {
	local dir=$1 treeish=$2 log=$3 patch=${4:-}
	mkdir -p "$dir"
	git -C "$KERNEL_SRC" archive "$treeish" drivers/media/usb/uvc | tar -x -C "$dir"
	[ -z "$patch" ] || patch -s -p1 -d "$dir" <"$patch" || return 1
	# Built outside the tree (M=), the module would taint the kernel with
	# O when it loads, and every test that requires an untainted kernel
	# would fail for that alone. modpost marks in-tree modules so; this
	# one is the tree's own driver.
	printf '\n/* uvcdma: the in-tree driver, built with M= */\nMODULE_INFO(intree, "Y");\n' \
		>>"$dir/drivers/media/usb/uvc/uvc_driver.c"
	kernel_build_env "$KERNEL_SRC"
	MAKEFLAGS='' make -s -C "$KERNEL_SRC" M="$dir/drivers/media/usb/uvc" \
		CC="ccache ${CROSS_COMPILE}gcc" -j"$(nproc)" modules >"$log" 2>&1 || return 2
}

# arm32_series_worktree TREE: TREE, a worktree of the lab's KERNEL tree at
# its HEAD (the series applied), and the environment of a 32-bit arm cross
# build there (ARCH, CROSS_COMPILE, ccache). Sets ARM32_CROSS (the prefix,
# CROSS_COMPILE_ARM32 or arm-linux-gnueabihf-) and ARM32_PATCHES (how many
# patches the tree has). patches/build-arm32.sh and qemu/arm32-guest.sh.
arm32_series_worktree() {
	local tree=$1 head
	ARM32_CROSS=${CROSS_COMPILE_ARM32:-arm-linux-gnueabihf-}
	# the caller's $tree is a link to it when shared (worktree_tree)
	tree=$(worktree_tree "$tree")
	tree_lock "$tree"
	command -v "${ARM32_CROSS}gcc" >/dev/null ||
		die "${ARM32_CROSS}gcc not found: run 'make deps' (gcc-arm-linux-gnueabihf)"
	kernel_build_env "$tree"
	export ARCH=arm CROSS_COMPILE=$ARM32_CROSS
	head=$(git -C "$KERNEL_MAIN_SRC" rev-parse HEAD 2>/dev/null) ||
		die "no kernel tree at $KERNEL_MAIN_SRC: run 'make kernel KERNEL=$KERNEL' first"
	ARM32_PATCHES=$(git -C "$KERNEL_MAIN_SRC" rev-list --count pristine.."$head")
	[ "$ARM32_PATCHES" -gt 0 ] ||
		die "no patches applied in $KERNEL_MAIN_SRC: run 'make kernel KERNEL=$KERNEL' first"
	if [ ! -d "$tree" ]; then
		git -C "$KERNEL_MAIN_SRC" worktree prune
		step "arm32: worktree $tree" git -C "$KERNEL_MAIN_SRC" worktree add -q --detach "$tree" "$head"
	fi
	git -C "$tree" checkout -q -f --detach "$head"
}

# mode_runs RUNS_DIR MODE: the stats_raw files of RUNS_DIR/*/ whose run
# was in MODE (each stats_raw names its mode), one per line.
mode_runs() {
	grep -lx "mode=$2" "$1"/*/stats_raw
}

# uvcstat_compare UVCSTAT OUT ARGS...: uvcstat compare ARGS (--label L
# FILE... groups) as OUT.txt, OUT.csv and OUT.json, each written whole.
uvcstat_compare() {
	local uvcstat=$1 out=$2 f opt
	shift 2
	for f in txt csv json; do
		opt=()
		[ "$f" = txt ] || opt=(--"$f")
		"$uvcstat" compare "${opt[@]}" "$@" >"$out.$f.tmp"
		mv "$out.$f.tmp" "$out.$f"
	done
}

# series_core_objects TREE: the objects outside uvcvideo whose C files the
# series applied in TREE changes (kernel/dma/mapping.o; on 7.3 also
# drivers/usb/core/hcd.o), one per line: the 32-bit checks build them.
series_core_objects() {
	git -C "$1" diff --name-only pristine HEAD -- '*.c' |
		grep -v '^drivers/media/usb/uvc/' | sed 's/\.c$/.o/'
}

# kernel_merge_config TREE FRAGMENT...: TREE's .config from allnoconfig
# with the fragments merged on top (later ones win), as every lab kernel
# is configured; merge_config.sh's output goes to build/<tree>-config.log.
kernel_merge_config() {
	local tree=$1 log=$BUILD_DIR/${1##*/}-config.log
	shift
	make -C "$tree" -s allnoconfig
	"$tree/scripts/kconfig/merge_config.sh" -m -O "$tree" "$tree/.config" "$@" >"$log" 2>&1 ||
		{ cat "$log" >&2; die "merge_config.sh failed"; }
	make -C "$tree" -s olddefconfig
}

# debug_kernel_timeouts: the test and boot timeouts for guests of the debug
# kernel (KASAN, lockdep and kmemleak make everything several times
# slower), unless the caller set its own; tests/run-debug and the breakage
# suite's debug runs.
debug_kernel_timeouts() {
	export UVCDMA_TEST_TIMEOUT=${UVCDMA_TEST_TIMEOUT:-2400} UVCDMA_BOOT_TIMEOUT=${UVCDMA_BOOT_TIMEOUT:-600}
}

# kernel_config_key TREE FRAGMENT...: what TREE's .config was made from
# (the fragments' text and the commit checked out), as one hash.
kernel_config_key() {
	local tree=$1
	shift
	{ cat "$@"; git -C "$tree" rev-parse HEAD; } | sha256sum | cut -d' ' -f1
}

# kernel_config_current TREE FRAGMENT...: true when TREE's .config was made
# from these fragments at this commit (kernel_config_done recorded it), so
# that merging them again (a minute of Kconfig runs on 2 cores) would
# change nothing.
kernel_config_current() {
	[ -f "$1/.config" ] && [ -f "$1/.uvcdma-config" ] &&
		[ "$(cat "$1/.uvcdma-config")" = "$(kernel_config_key "$@")" ]
}

# kernel_config_done TREE FRAGMENT...: record what TREE's .config was made from.
kernel_config_done() {
	kernel_config_key "$@" >"$1/.uvcdma-config"
}

# step "what" CMD...: announce a long step, run it, report how long it took.
step() {
	local what=$1 t0
	shift
	t0=$(now)
	log "$what ..."
	"$@"
	log "$what: done in $(elapsed_since "$t0")"
}

# The memory model (model/README.md): QEMU 10 from bookworm-backports,
# unpacked under the cache (the host's own QEMU stays the lab's), the
# plugin built against that QEMU's qemu-plugin.h, the platforms' files.
# shellcheck disable=SC2034 # used by the scripts that source this file
MODEL_QEMU_SUITE=bookworm-backports
MODEL_QEMU_DIR=$CACHE_DIR/qemu-10
# shellcheck disable=SC2034
MODEL_QEMU=$MODEL_QEMU_DIR/usr/bin/qemu-system-aarch64
# shellcheck disable=SC2034
MODEL_PLUGIN=$BUILD_DIR/model/libuvcdma_model.so
MODEL_PLATFORM_DIR=$UVCDMA_TOP/model/platforms

# model_built: succeeds when make model has unpacked QEMU 10 and built the
# plugin.
model_built() {
	[ -x "$MODEL_QEMU" ] && [ -r "$MODEL_PLUGIN" ]
}

# model_platforms: the names of the platforms, one line.
model_platforms() {
	local f names=()
	for f in "$MODEL_PLATFORM_DIR"/*.conf; do
		[ -e "$f" ] && names+=("$(basename "$f" .conf)")
	done
	echo "${names[*]}"
}

# model_platform_file NAME|FILE: the platform file, or fail.
model_platform_file() {
	if [ -f "$1" ]; then
		echo "$1"
	elif [ -f "$MODEL_PLATFORM_DIR/$1.conf" ]; then
		echo "$MODEL_PLATFORM_DIR/$1.conf"
	else
		return 1
	fi
}

# scoped_apt_options [--with-sources] SUITE...: apt options (APT_OPTS) for
# the named suites alone (with --with-sources, their source packages too),
# lists and archives under APT_DIR=$CACHE_DIR/apt-<first suite>; the host's
# sources and package state are never read nor written.
scoped_apt_options() {
	local src=0 dir suite
	if [ "$1" = --with-sources ]; then
		src=1
		shift
	fi
	dir=$CACHE_DIR/apt-$1
	mkdir -p "$dir/lists/partial" "$dir/archives/partial"
	for suite in "$@"; do
		echo "deb http://deb.debian.org/debian $suite main"
		[ "$src" = 0 ] || echo "deb-src http://deb.debian.org/debian $suite main"
	done >"$dir/sources.list"
	APT_OPTS=(-o "Dir::Etc::sourcelist=$dir/sources.list" -o Dir::Etc::sourceparts=/dev/null
		-o "Dir::State::Lists=$dir/lists" -o "Dir::Cache::Archives=$dir/archives"
		-o Dir::State::status=/dev/null -o Debug::NoLocking=1)
	# apt drops to the _apt user to download, who cannot write a cache in root's home.
	[ "$(id -u)" -ne 0 ] || APT_OPTS+=(-o APT::Sandbox::User=root)
	# shellcheck disable=SC2034 # the caller's
	APT_DIR=$dir
}

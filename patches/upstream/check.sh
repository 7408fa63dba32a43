#!/usr/bin/env bash
# The upstream series of patches/upstream/ against the 7.3 base, as a
# maintainer would take them: for each topic, its series applied patch by
# patch on the pristine 7.3 source in a worktree of the lab's 7.3 tree
# (build/upstream-7.3, the lab's configuration, ccache), each patch
# checkpatch --strict clean and the objects it touches built with
# warnings as errors before the next is applied. Prints one line per
# patch, "ok" or "FAIL" with the reason; exits 1 if any failed.
#
# checkpatch runs with --ignore UNKNOWN_COMMIT_ID: Debian's source tree
# has no git history, so the commit ids of Fixes: tags cannot resolve.
# In trace event headers (include/trace/events/), and there only, it
# accepts the two layout CHECKs that the TRACE_EVENT() layout of those
# files draws everywhere ("Lines should not end with a '('", "Alignment
# should match open parenthesis"): a new event is laid out as its
# neighbours are.
#
# usage: patches/upstream/check.sh [TOPIC...]   (default: every topic)
set -euo pipefail
export UVCDMA_KERNEL=7.3
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../../qemu/lib.sh"
# shellcheck source=patches/identity.sh
. "$UVCDMA_TOP/patches/identity.sh"

upstream=${UVCDMA_UPSTREAM_DIR:-$UVCDMA_TOP/patches/upstream}
[ -r "$KERNEL_MAIN_SRC/.config" ] || die "no configured 7.3 tree at $KERNEL_MAIN_SRC: run 'make kernel KERNEL=7.3'"
if [ $# -eq 0 ]; then
	mapfile -t topics < <(for s in "$upstream"/*/series; do s=${s%/series}; echo "${s##*/}"; done)
	set -- "${topics[@]}"
fi
tree=$(worktree_tree "$BUILD_DIR/upstream-$KERNEL")
tree_lock "$tree"
kernel_build_env "$tree"
if [ ! -d "$tree" ]; then
	git -C "$KERNEL_MAIN_SRC" worktree prune
	step "upstream: worktree $tree" git -C "$KERNEL_MAIN_SRC" worktree add -q --detach "$tree" pristine
fi
signed=$(mktemp -d)
trap 'rm -rf "$signed"' EXIT
log_file=$BUILD_DIR/upstream-$KERNEL-build.log
: >"$log_file"
kmake() {
	make -C "$tree" -j"${JOBS:-$(nproc)}" CC="ccache ${CROSS_COMPILE}gcc" KCFLAGS=-Werror "$@" >>"$log_file" 2>&1
}

for topic in "$@"; do
	[ -r "$upstream/$topic/series" ] || die "no series for upstream topic '$topic' ($upstream/$topic/series)"
done
# Prepared once: no series touches the configuration or the build tools.
git -C "$tree" checkout -q -f --detach pristine
cp "$KERNEL_MAIN_SRC/.config" "$tree/.config"
# modpost checks the modules' symbols against the lab kernel's
cp "$KERNEL_MAIN_SRC/Module.symvers" "$tree/Module.symvers"
step "upstream: preparing $tree" kmake olddefconfig modules_prepare ||
	{ tail -n 20 "$log_file" >&2; die "modules_prepare failed (log: $log_file)"; }

failed=0
for topic in "$@"; do
	series=$upstream/$topic/series
	# each topic on the pristine source: only the files a topic changed move
	git -C "$tree" checkout -q -f --detach pristine
	n=0
	while IFS= read -r name; do
		case $name in '' | '#'*) continue ;; esac
		n=$((n + 1))
		patch=$upstream/$topic/$name
		why=""
		# signed off as export.sh would sign it, by a name plainly no one's
		stamp_identity "$IDENTITY_CHECK" "$patch" "$signed/$name" ||
			die "$patch: stamping a copy for checkpatch failed"
		report=$(cd "$tree" && scripts/checkpatch.pl --strict --ignore UNKNOWN_COMMIT_ID \
			--show-types -q "$signed/$name" 2>&1) || true
		# every finding, as "TYPE FILE", but the layout ones of trace headers
		left=$(awk '/^(ERROR|WARNING|CHECK):/ { split($1, t, ":"); type = t[2]; file = "?"; next }
			/^#[0-9]+: FILE: / { file = $3; sub(/:[0-9]+:$/, "", file) }
			/^$/ && type != "" {
				if (!((type == "OPEN_ENDED_LINE" || type == "PARENTHESIS_ALIGNMENT") &&
					file ~ /^include\/trace\/events\//)) print type, file
				type = ""
			}
			END { if (type != "") print type, file }' <<<"$report")
		[ -z "$left" ] || why="checkpatch: $(head -n 1 <<<"$left")"
		if [ -z "$why" ] && ! git -C "$tree" apply "$patch" 2>>"$log_file"; then
			why="does not apply"
		fi
		if [ -z "$why" ]; then
			git -C "$tree" -c user.name=uvcdma -c user.email=uvcdma@localhost commit -q -a -m "$name"
			mapfile -t files < <(git -C "$tree" diff --name-only HEAD~1 HEAD -- '*.c' '*.h')
			targets=()
			for f in "${files[@]}"; do
				case $f in
				drivers/media/usb/uvc/*) targets+=(M=drivers/media/usb/uvc) ;;
				*.c) targets+=("${f%.c}.o") ;;
				esac
			done
			# a header alone: build what includes it in the topic's area
			[ "${#targets[@]}" -gt 0 ] || targets=(kernel/dma/mapping.o)
			for t in $(printf '%s\n' "${targets[@]}" | sort -u); do
				case $t in M=*) kmake "$t" modules || why="build of ${t#M=} fails" ;; *) kmake "$t" || why="build of $t fails" ;; esac
			done
		fi
		if [ -z "$why" ]; then
			echo "ok $topic $n ${name%.patch}"
		else
			echo "FAIL $topic $n ${name%.patch}: $why"
			failed=1
		fi
	done <"$series"
done
exit "$failed"

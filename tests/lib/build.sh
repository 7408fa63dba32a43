# shellcheck shell=bash
# Builds what a host test needs (source after tests/lib/tap.sh):
#   need_build TOOL [TARGET...]   make -s -C tools/TOOL OUT=$HOST_OUT [TARGET...]
# HOST_OUT is the host build directory ($UVCDMA_BUILD_DIR/host, default
# build/host): binaries in $HOST_OUT/bin, unit tests in $HOST_OUT/obj/TOOL.
# When the build fails, every test fails the same way, before printing
# anything else: a plan of one test, "not ok 1" naming the build, the build
# log as TAP diagnostics, exit 1. A successful build's messages (warnings)
# go to stderr, as make's would.

_build_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HOST_OUT=${UVCDMA_BUILD_DIR:-$_build_top/build}/host

need_build() {
	local tool=$1 log st
	shift
	log=$(make -s -C "$_build_top/tools/$tool" OUT="$HOST_OUT" "$@" 2>&1) && st=0 || st=$?
	if [ "$st" -ne 0 ]; then
		plan 1
		_tap_result 0 "tools/$tool builds for the host (make -C tools/$tool OUT=$HOST_OUT${*:+ $*})"
		diag "$log"
		exit 1
	fi
	[ -z "$log" ] || printf '%s\n' "$log" >&2
}

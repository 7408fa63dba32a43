#!/usr/bin/env bash
# What the lab wrote outside the clone, removed ('make distclean' runs it
# after 'make clean'): the cache, CACHE_DIR (~/.cache/uvcdma unless
# UVCDMA_CACHE_DIR or XDG_CACHE_HOME say otherwise: the kernel trees, the
# ccache, fetched kernel sources, the scoped apt lists, QEMU 10), which
# every clone of this machine shares, and the libtraceevent plugin that
# 'make tools' installs for trace-cmd and KernelShark. The clone's
# results/ and the Debian packages 'make deps' installed
# (qemu/host-packages.txt) stay.
#
# usage: qemu/distclean.sh
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"
[ $# -eq 0 ] || die "usage: ${0##*/} (no arguments)"

plugin=$HOME/.local/lib/traceevent/plugins/plugin_uvcdma_dma_arrays.so
# A cache directory set by hand to somewhere that holds more than the lab's
# is not removed.
cache=$(realpath -m "$CACHE_DIR")
case $cache in
/ | "$(realpath -m "$HOME")" | "$(realpath -m "$UVCDMA_TOP")")
	die "CACHE_DIR=$CACHE_DIR is not a cache of the lab's own: not removing it" ;;
esac
removed=0
for p in "$cache" "$plugin"; do
	[ -e "$p" ] || continue
	log "distclean: removing $p ($(du -sh "$p" 2>/dev/null | cut -f1))"
	rm -rf "$p"
	removed=$((removed + 1))
done
[ "$removed" -gt 0 ] || log "distclean: nothing of the lab's outside the clone"

#!/usr/bin/env bash
# qemu/distclean.sh (make distclean): removes the cache and the trace-cmd
# plugin the lab wrote outside the clone, and nothing else; refuses a
# cache directory that is the home, the root or the clone itself.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plan 9

# The script runs from a copy of the clone's qemu/: were its refusal of
# the clone broken, the copy would go, not this clone.
clone=$tmp/clone
mkdir -p "$clone/qemu"
cp "$top/qemu/distclean.sh" "$top/qemu/lib.sh" "$top/qemu/kernel-suites.txt" "$clone/qemu/"

home=$tmp/home
plugins=$home/.local/lib/traceevent/plugins
mkdir -p "$home/.cache/uvcdma/trees/linux-6.1" "$home/.cache/other" "$plugins"
echo x >"$home/.cache/uvcdma/trees/linux-6.1/Makefile"
: >"$plugins/plugin_uvcdma_dma_arrays.so"
: >"$plugins/plugin_someone_else.so"
run() { env -u UVCDMA_CACHE_DIR -u XDG_CACHE_HOME HOME="$home" "$@" "$clone/qemu/distclean.sh" 2>&1; }

out=$(run) && st=0 || st=$?
is "$st" 0 "distclean exits 0"
ok "$([ ! -e "$home/.cache/uvcdma" ] && echo 0 || echo 1)" "the cache is gone"
ok "$([ ! -e "$plugins/plugin_uvcdma_dma_arrays.so" ] && echo 0 || echo 1)" "the lab's plugin is gone"
ok "$([ -e "$plugins/plugin_someone_else.so" ] && [ -d "$home/.cache/other" ] && echo 0 || echo 1)" \
	"another plugin and another cache stay"
like "$out" "removing $home/.cache/uvcdma " "it says what it removes ($out)"
out=$(run) && st=0 || st=$?
like "$st $out" "^0 .*nothing of the lab's outside the clone" "a second run: nothing to remove, exit 0"

out=$(run UVCDMA_CACHE_DIR="$home/") && st=0 || st=$?
ok "$([ "$st" -ne 0 ] && [ -d "$home/.cache/other" ] && echo 0 || echo 1)" "UVCDMA_CACHE_DIR=\$HOME is refused, nothing removed"
like "$out" "not a cache of the lab's own" "it says why ($out)"
out=$(run UVCDMA_CACHE_DIR="$clone") && st=0 || st=$?
ok "$([ "$st" -ne 0 ] && [ -d "$clone/qemu" ] && echo 0 || echo 1)" "UVCDMA_CACHE_DIR=the clone is refused"
done_testing

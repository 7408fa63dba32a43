#!/usr/bin/env bash
# qemu/lib.sh's kernel_config_current / kernel_config_done: a tree counts as
# configured only from the same fragments at the same commit, so that the
# 32-bit builds (patches/build-arm32.sh, qemu/arm32-guest.sh) skip merging
# the fragments again only when that would change nothing.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
# shellcheck source=qemu/lib.sh
. "$top/qemu/lib.sh"
plan 7
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tree=$tmp/tree
git init -q "$tree"
git -C "$tree" -c user.name=t -c user.email=t@t commit -q --allow-empty -m one
echo CONFIG_A=y >"$tmp/a.config"
echo CONFIG_B=y >"$tmp/b.config"

refute "no .config: not current" kernel_config_current "$tree" "$tmp/a.config"
echo CONFIG_A=y >"$tree/.config"
refute "a .config never recorded: not current" kernel_config_current "$tree" "$tmp/a.config"
kernel_config_done "$tree" "$tmp/a.config"
check "recorded, same fragment, same commit: current" kernel_config_current "$tree" "$tmp/a.config"
refute "another set of fragments: not current" kernel_config_current "$tree" "$tmp/a.config" "$tmp/b.config"
echo CONFIG_A=m >"$tmp/a.config"
refute "the fragment edited: not current" kernel_config_current "$tree" "$tmp/a.config"
kernel_config_done "$tree" "$tmp/a.config"
git -C "$tree" -c user.name=t -c user.email=t@t commit -q --allow-empty -m two
refute "another commit checked out: not current" kernel_config_current "$tree" "$tmp/a.config"
kernel_config_done "$tree" "$tmp/a.config"
rm "$tree/.config"
refute "the .config removed: not current" kernel_config_current "$tree" "$tmp/a.config"
done_testing

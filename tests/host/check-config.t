#!/usr/bin/env bash
# qemu/check-config.sh: every option of the fragment must survive in .config.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 17
check=$top/qemu/check-config.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/fragment" <<'F'
# comment lines and blank lines are ignored

CONFIG_A=y
CONFIG_B=m
CONFIG_STR="-uvcdma"
CONFIG_N=4
# CONFIG_OFF is not set
F

cat >"$tmp/good" <<'F'
CONFIG_A=y
CONFIG_B=m
CONFIG_STR="-uvcdma"
CONFIG_N=4
# CONFIG_OFF is not set
CONFIG_OTHER=y
F
out=$("$check" "$tmp/fragment" "$tmp/good" 2>&1) && st=0 || st=$?
is "$st" 0 "all requested options present: exit 0"
is "$out" "" "all requested options present: nothing printed"

cat >"$tmp/bad" <<'F'
CONFIG_B=y
CONFIG_STR="-other"
CONFIG_N=4
CONFIG_OFF=y
F
out=$("$check" "$tmp/fragment" "$tmp/bad" 2>&1) && st=0 || st=$?
is "$st" 1 "dropped options: exit 1"
like "$out" '^CONFIG_A: requested y, got unset' "an option Kconfig dropped is named"
like "$out" 'CONFIG_B: requested m, got y' "a tristate turned built-in is named"
like "$out" 'CONFIG_STR: requested "-uvcdma", got "-other"' "a changed string is named"
like "$out" 'CONFIG_OFF: requested n, got y' "an option asked off but on is named"
unlike "$out" 'CONFIG_N' "an option that survived is not named"
is "$(printf '%s\n' "$out" | wc -l)" 4 "one line per bad option"

# An option asked to be off that is simply absent from .config is fine.
printf '# CONFIG_OFF is not set\n' >"$tmp/frag-off"
printf 'CONFIG_A=y\n' >"$tmp/cfg-off"
"$check" "$tmp/frag-off" "$tmp/cfg-off" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 0 "off and absent counts as off"

# Fragments merged in order: a later request overrides an earlier one.
printf 'CONFIG_A=y\nCONFIG_LOCALVERSION="-a"\nCONFIG_LOCALVERSION="-b"\n' >"$tmp/frag-twice"
printf 'CONFIG_A=y\nCONFIG_LOCALVERSION="-b"\n' >"$tmp/cfg-twice"
out=$("$check" "$tmp/frag-twice" "$tmp/cfg-twice" 2>&1) && st=0 || st=$?
is "$st:$out" "0:" "the last request for an option is the one checked"

# With the tree: an option its Kconfig does not define (a later base
# removed it) is a note; one it defines still fails.
mkdir -p "$tmp/tree/lib"
printf 'config A\n\tbool "a"\nmenuconfig B\n\ttristate "b"\n' >"$tmp/tree/lib/Kconfig.debug"
printf 'CONFIG_A=y\nCONFIG_B=m\nCONFIG_GONE=y\n' >"$tmp/frag-tree"
printf 'CONFIG_A=y\nCONFIG_B=m\n' >"$tmp/cfg-tree"
out=$("$check" "$tmp/frag-tree" "$tmp/cfg-tree" "$tmp/tree" 2>&1) && st=0 || st=$?
is "$st" 0 "an option the tree's Kconfig lacks: exit 0"
like "$out" "^note: CONFIG_GONE is not in the Kconfig of $tmp/tree" "... and a note names it"
printf 'CONFIG_GONE=y\n' >"$tmp/cfg-tree"
out=$("$check" "$tmp/frag-tree" "$tmp/cfg-tree" "$tmp/tree" 2>&1) && st=0 || st=$?
is "$st" 1 "an option the tree defines (menuconfig too) still fails when dropped"
is "$out" "$(printf 'CONFIG_A: requested y, got unset\nCONFIG_B: requested m, got unset')" \
	"... named as without the tree"

"$check" "$tmp/fragment" "$tmp/missing" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 2 "unreadable .config: usage error, exit 2"

# The real fragment is well-formed: one option per non-comment line.
bad_lines=$(grep -v '^\(#.*\|\)$' "$top/qemu/kernel.config" | grep -v '^CONFIG_[A-Z0-9_]*=' || true)
is "$bad_lines" "" "qemu/kernel.config has only CONFIG_ lines and comments"
done_testing

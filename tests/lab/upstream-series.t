#!/usr/bin/env bash
# The upstream series (patches/upstream/<topic>/) on the 7.3 base: each
# patch checkpatch --strict clean and building on its own
# (patches/upstream/check.sh, make upstream-check), each folder complete
# (cover letter addressed from get_maintainer.pl; signing and the
# send-email dry run are tests/host/patch-identity.t's);
# and the check itself fails on a patch that checkpatch or the compiler
# rejects.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
export UVCDMA_KERNEL=7.3
# shellcheck source=qemu/lib.sh
. "$top/qemu/lib.sh"
[ -r "$KERNEL_MAIN_SRC/.config" ] || skip_all "no 7.3 kernel tree: run 'make kernel KERNEL=7.3'"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
up=$top/patches/upstream
topics=(dma-mapping linux-media)
patches() { grep -v '^#' "$up/$1/series"; }
plan $((2 + 3 * ${#topics[@]} + 4))

out=$("$top/patches/upstream/check.sh" 2>/dev/null) && st=0 || st=$?
is "$st" 0 "every upstream patch passes checkpatch and builds on its own"
[ "$st" -eq 0 ] || diag "$out"
want=$(for t in "${topics[@]}"; do n=0; for p in $(patches "$t"); do n=$((n + 1)); echo "ok $t $n ${p%.patch}"; done; done)
is "$out" "$want" "one ok line a patch, in series order"
for t in "${topics[@]}"; do
	n=$(patches "$t" | wc -l)
	files=("$up/$t"/[0-9][0-9][0-9][0-9]-*.patch)
	ok "$([ "$n" -ge 1 ] && [ "${#files[@]}" -eq $((n + 1)) ] && echo 0 || echo 1)" \
		"$t: its series lists every patch file but the cover letter ($n)"
	like "$(sed -n '/^To: /,/^[^ \t]/p' "$up/$t/0000-cover-letter.patch")" "<[^>]+@[^>]+>" "$t: the cover letter has To: addresses"
	unlike "$(cat "$up/$t/0000-cover-letter.patch")" '\*\*\* (SUBJECT|BLURB) HERE \*\*\*' "$t: the cover letter is written"
done

# The check fails, naming the patch, on checkpatch's word and the compiler's.
p=$(patches dma-mapping)
mkdir -p "$tmp/ws" "$tmp/cc"
# a trailing blank on an added comment line: checkpatch's TRAILING_WHITESPACE
sed '0,/^+ \* /s/^\(+ \* .*\)$/\1 /' "$up/dma-mapping/$p" >"$tmp/ws/$p"
# an undeclared name in an added C line: mapping.c no longer compiles
sed '0,/^+\ttrace_dma_vmap_sgt(/s/^+\ttrace_dma_vmap_sgt(/+\ttrace_dma_vmap_sgt(undeclared_name, /' "$up/dma-mapping/$p" >"$tmp/cc/$p"
echo "$p" | tee "$tmp/ws/series" >"$tmp/cc/series"
out=$(UVCDMA_UPSTREAM_DIR=$tmp "$top/patches/upstream/check.sh" ws cc 2>/dev/null) && st=0 || st=$?
is "$st" 1 "a rejected patch: exit 1"
like "$out" "^FAIL ws 1 ${p%.patch}: checkpatch: TRAILING_WHITESPACE" "trailing whitespace: FAIL, checkpatch named"
like "$out" "FAIL cc 1 ${p%.patch}: build of kernel/dma/mapping.o fails" "a compile error: FAIL, the object named"
unlike "$out" "^ok " "no patch of the two passes"
done_testing

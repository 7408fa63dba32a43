#!/usr/bin/env bash
# tests/lib/build.sh: a host test whose tool does not build fails the one
# way every host test fails then: plan 1, "not ok 1" naming the build, the
# build log as diagnostics, exit 1, and nothing of the test runs after it.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A build directory that cannot be created makes any tool's build fail.
cat >"$tmp/t" <<'T'
set -euo pipefail
. "$1/tests/lib/tap.sh"
. "$1/tests/lib/build.sh"
need_build vcam unit
echo "after need_build"
T
UVCDMA_BUILD_DIR=/proc/uvcdma-no-such-dir bash "$tmp/t" "$top" >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
out=$(cat "$tmp/out")
is "$st" 1 "a failed build: exit 1"
is "$(sed -n 1,2p <<<"$out")" "1..1
not ok 1 - tools/vcam builds for the host (make -C tools/vcam OUT=/proc/uvcdma-no-such-dir/host unit)" \
	"a failed build: plan 1, then not ok 1 naming the build"
like "$(tail -n +3 <<<"$out")" '^# .*/proc/uvcdma-no-such-dir' "the build log follows as diagnostics"
unlike "$(tail -n +3 <<<"$out")" '^[^#]' "and nothing else"
is "$(cat "$tmp/err")" "" "nothing on stderr"
done_testing

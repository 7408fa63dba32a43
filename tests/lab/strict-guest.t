#!/usr/bin/env bash
# Strict mode reaches the guest: a guest test that skips for want of a
# prerequisite (tests/guest/fixtures/missing-prerequisite.sh) fails under
# UVCDMA_STRICT=1, as 'make check' runs it (tests/exec, qemu/run's
# GUEST_ENV), and is a plain skip without it. prove is the judge, as in
# 'make check'.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 5
fixture=tests/guest/fixtures/missing-prerequisite.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$top"

# prove_fixture STRICT: prove's verdict on the fixture, run in a guest by
# tests/exec with UVCDMA_STRICT=STRICT; its output in $tmp/prove-STRICT.
prove_fixture() {
	UVCDMA_STRICT=$1 prove -v --exec tests/exec "$fixture" >"$tmp/prove-$1" 2>&1
}

prove_fixture 1 && st=0 || st=$?
ok "$([ "$st" -ne 0 ] && echo 0 || echo 1)" "UVCDMA_STRICT=1: prove fails the guest test that skips (exit $st)"
like "$(cat "$tmp/prove-1")" "^not ok 1 - the lab provides what this test needs \(UVCDMA_STRICT=1\): no /uvcdma-no-such-prerequisite" \
	"UVCDMA_STRICT=1: the failure names the missing prerequisite"
unlike "$(cat "$tmp/prove-1")" "skipped:" "UVCDMA_STRICT=1: prove counts no skip"
[ "$st" -ne 0 ] || diag "$(cat "$tmp/prove-1")"

prove_fixture 0 && st=0 || st=$?
is "$st" 0 "UVCDMA_STRICT=0: prove passes the guest test that skips"
like "$(cat "$tmp/prove-0")" "skipped: no /uvcdma-no-such-prerequisite" "UVCDMA_STRICT=0: prove reports the skip"
done_testing

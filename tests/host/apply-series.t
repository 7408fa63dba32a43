#!/usr/bin/env bash
# qemu/apply-series.sh: the series goes on top of 'pristine', one commit per
# patch; untouched files keep their timestamps; a failing patch is named.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 18
apply=$top/qemu/apply-series.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t

tree=$tmp/tree
mkdir -p "$tree/drivers" "$tmp/patches"
printf 'one\ntwo\nthree\n' >"$tree/drivers/a.c"
printf 'untouched\n' >"$tree/drivers/b.c"
git -C "$tree" init -q
git -C "$tree" add -A
git -C "$tree" commit -q -m pristine
git -C "$tree" tag pristine
touch -d '2001-01-01 00:00' "$tree/drivers/b.c" "$tree/drivers/a.c"

# Two patches made the way the project makes them: git format-patch.
work=$tmp/work
git clone -q "$tree" "$work"
sed -i 's/two/TWO/' "$work/drivers/a.c"
git -C "$work" commit -q -am "drivers: shout two"
printf 'new\n' >"$work/drivers/c.c"
git -C "$work" add drivers/c.c
git -C "$work" commit -q -m "drivers: add c"
git -C "$work" format-patch -q -o "$tmp/patches" HEAD~2
mapfile -t names < <(cd "$tmp/patches" && ls)
printf '# the series\n%s\n\n%s  # trailing comment\n' "${names[0]}" "${names[1]}" >"$tmp/patches/series"

head=$("$apply" "$tree" "$tmp/patches/series" 2>"$tmp/err") && st=0 || st=$?
is "$st" 0 "the series applies"
is "$(git -C "$tree" rev-list --count pristine..HEAD)" 2 "one commit per patch"
is "$(git -C "$tree" rev-parse HEAD)" "$head" "it prints the commit it checked out"
is "$(git -C "$tree" log -1 --format=%s HEAD~1)" "drivers: shout two" "commits keep the patch subject"
is "$(sed -n 2p "$tree/drivers/a.c")" TWO "the first patch's change is in the tree"
is "$(cat "$tree/drivers/c.c")" new "the second patch's file is in the tree"
is "$(stat -c %Y "$tree/drivers/b.c")" "$(date -d '2001-01-01 00:00' +%s)" "an untouched file keeps its timestamp"

# Applying again with the same series changes nothing on disk.
a_mtime=$(stat -c %Y "$tree/drivers/a.c")
sleep 1.1
"$apply" "$tree" "$tmp/patches/series" >/dev/null 2>&1
is "$(stat -c %Y "$tree/drivers/a.c")" "$a_mtime" "re-applying the same series rewrites nothing"

# Dropping the second patch removes its file and leaves a.c alone.
printf '%s\n' "${names[0]}" >"$tmp/patches/series.one"
"$apply" "$tree" "$tmp/patches/series.one" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 0 "a shorter series applies"
ok "$([ ! -e "$tree/drivers/c.c" ] && echo 0 || echo 1)" "the dropped patch's file is gone"
is "$(stat -c %Y "$tree/drivers/a.c")" "$a_mtime" "a file both series patch the same way is not rewritten"

# A patch that does not apply is named, with its position.
sed 's/^-two$/-deux/' "$tmp/patches/${names[0]}" >"$tmp/patches/0009-broken.patch"
printf '%s\n%s\n' "${names[1]}" 0009-broken.patch >"$tmp/patches/series.bad"
"$apply" "$tree" "$tmp/patches/series.bad" >/dev/null 2>"$tmp/err" && st=0 || st=$?
is "$st" 1 "a failing patch: exit 1"
like "$(cat "$tmp/err")" 'patch 2 \(0009-broken.patch\) does not apply' "the failing patch is named"
is "$(git -C "$tree" rev-list --count pristine..HEAD)" 1 "a failed series leaves the checkout as it was"

printf 'no-such.patch\n' >"$tmp/patches/series.missing"
"$apply" "$tree" "$tmp/patches/series.missing" >/dev/null 2>"$tmp/err" && st=0 || st=$?
is "$st" 1 "a missing patch: exit 1"
like "$(cat "$tmp/err")" 'patch 1 \(no-such.patch\) .* does not exist' "the missing patch is named"

: >"$tmp/patches/series.empty"
"$apply" "$tree" "$tmp/patches/series.empty" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 0 "an empty series applies"
is "$(git -C "$tree" rev-parse HEAD)" "$(git -C "$tree" rev-parse pristine)" "an empty series checks out pristine"
done_testing

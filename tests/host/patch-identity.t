#!/usr/bin/env bash
# Who the patches are from (patches/README.md#who-the-patches-are-from):
# the committed series name no one, and patches/export.sh signs copies as
# the exporter (git config or --from), refusing when there is no identity
# or when it is a reserved address. Run on scratch identities in a scratch
# HOME, outside any git repository; each check of the committed files is
# also shown failing on a copy that names someone.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
# shellcheck source=patches/identity.sh
. "$top/patches/identity.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v git-send-email >/dev/null || [ -x "$(git --exec-path)/git-send-email" ] ||
	skip_all "git send-email not found: run 'make deps' (git-email)"

mapfile -t folders < <(cd "$top/patches" && find . -name series -printf '%h\n' | sed 's|^\./||' | sort -V)
nfiles=$(find "$top/patches" -name '[0-9][0-9][0-9][0-9]-*.patch' | wc -l)
plan 24

# named FILE...: the files, of those given, whose mail header has a From:
# or whose commit message has a Signed-off-by:, or whose shortlog names an
# author other than the template
named() {
	local f
	for f in "$@"; do
		awk -v cover="$([[ ${f##*/} == 0000-* ]] && echo 1 || echo 0)" '
			NR > 1 && !body && /^$/ { body = 1 }
			!body && /^From: / { bad = 1 }
			body && !cover && /^---$/ { exit }
			body && /^Signed-off-by: / { bad = 1 }
			cover && body && /^[^ \t].* \([0-9]+\):$/ && $0 !~ /^EXPORTER \(/ { bad = 1 }
			END { exit !bad }
		' "$f" && echo "${f#"$top"/}"
	done
	return 0
}

# ---- the committed series ----
mapfile -t committed < <(for f in "${folders[@]}"; do ls "$top/patches/$f"/[0-9][0-9][0-9][0-9]-*.patch; done)
is "${#committed[@]}" "$nfiles" "every patch file of patches/ is in a series folder (${#folders[@]} folders, $nfiles files)"
is "$(named "${committed[@]}")" "" "no committed patch names who it is from or who signed it off"
is "$(grep -rlE 'example\.(org|com|net)|@localhost' "$top/patches" --include='*.patch' --include='*.txt' | sed "s|$top/||")" "" \
	"no placeholder address anywhere in patches/"
# the check fails on a copy that names someone
c=$tmp/caught
mkdir -p "$c"
sed '1a From: Some One <some.one@kernel.org>' "${committed[1]}" >"$c/0001-from.patch"
awk '/^---$/ && !d { print "Signed-off-by: Some One <some.one@kernel.org>"; d = 1 } { print }' "${committed[1]}" >"$c/0001-sob.patch"
sed 's/^EXPORTER (/Some One (/' "${committed[0]}" >"$c/0000-cover-letter.patch"
is "$(named "$c"/*.patch | sed "s|$c/||" | sort | paste -sd' ')" "0000-cover-letter.patch 0001-from.patch 0001-sob.patch" \
	"caught: a From:, a Signed-off-by: and a shortlog author, each in a copy"

# ---- export.sh on a scratch identity from git config ----
home=$tmp/home
mkdir -p "$home" "$tmp/cwd"
export HOME=$home XDG_CONFIG_HOME=$home/.config GIT_CONFIG_NOSYSTEM=1
unset GIT_CONFIG_GLOBAL GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL EMAIL
export_patches() { (cd "$tmp/cwd" && "$top/patches/export.sh" "$@"); }
git config --global user.name "Scratch Exporter"
git config --global user.email "scratch.exporter@uvcdma-identity-test.org"
id="Scratch Exporter <scratch.exporter@uvcdma-identity-test.org>"
out=$tmp/out
err=$(export_patches -o "$out" 2>&1 >/dev/null) && st=0 || st=$?
is "$st" 0 "export from git config: exit 0"
[ "$st" -eq 0 ] || diag "$err"
mapfile -t exported < <(for f in "${folders[@]}"; do ls "$out/$f"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null; done)
is "${#exported[@]}" "$nfiles" "every patch file exported, into OUT/<folder>/"
is "$(for f in "${exported[@]}"; do sed -n 2p "$f"; done | sort | uniq -c | sed 's/^ *//')" "$nfiles From: $id" \
	"every file is From: the exporter, in the header's second line"
sob=$(for f in "${exported[@]}"; do
	case ${f##*/} in 0000-*) continue ;; esac
	printf '%s %s\n' "$(grep -c '^Signed-off-by: ' "$f")" "$(sed -n '/^---$/{x;p;q};h' "$f")"
done | sort | uniq -c | sed 's/^ *//')
ncover=${#folders[@]}
is "$sob" "$((nfiles - ncover)) 1 Signed-off-by: $id" \
	"every patch but the cover letters: one sign-off, the exporter's, the last line of its message"
is "$(grep -h '^[^ ].* ([0-9]*):$' "$out"/*/0000-cover-letter.patch "$out"/*/*/0000-cover-letter.patch | sed 's/ (.*//' | sort -u)" \
	"Scratch Exporter" "the cover letters' shortlogs name the exporter"
# what was stamped is all that changed: stripped again, each copy is the committed file
mkdir -p "$tmp/rt"
rt=$(for f in "${exported[@]}"; do
	cp "$f" "$tmp/rt/${f##*/}"
	strip_identity "$tmp/rt/${f##*/}"
	cmp -s "$tmp/rt/${f##*/}" "$top/patches/${f#"$out"/}" || echo "${f#"$out"/}"
done)
is "$rt" "" "each exported file, its identity taken out again, is the committed file byte for byte"
for t in "$out"/upstream/*/; do
	n=$(grep -vc '^#' "$top/patches/upstream/$(basename "$t")/series")
	is "$(grep -c '^Result: OK$' "$t/send-email-dry-run.txt") $(grep -c "^From: $id$" "$t/send-email-dry-run.txt")" \
		"$((n + 1)) $((n + 1))" "upstream/$(basename "$t"): the send-email dry run went through, every mail from the exporter"
done
ls "$out"/6.1/send-email-dry-run.txt >/dev/null 2>&1 && st=1 || st=0
ok "$st" "no dry run for a lab series (its cover letter is addressed to no one)"

# ---- --from, and folders picked ----
err=$(export_patches --from "Other Person <other.person@uvcdma-identity-test.net>" -o "$tmp/from" upstream/dma-mapping 2>&1 >/dev/null) &&
	st=0 || st=$?
is "$st:$(ls "$tmp/from")" "0:upstream" "--from and one folder: exit 0, that folder alone"
is "$(grep -h '^From: \|^Signed-off-by: ' "$tmp/from"/upstream/dma-mapping/0*.patch | sort -u | paste -sd'|')" \
	"From: Other Person <other.person@uvcdma-identity-test.net>|Signed-off-by: Other Person <other.person@uvcdma-identity-test.net>" \
	"--from is signed, not git config's user"

# ---- refused: nothing written ----
refused() { # NAME WANT_REGEX ARGS...
	local name=$1 want=$2 o=$tmp/refused-$RANDOM e st
	shift 2
	e=$(export_patches -o "$o" "$@" 2>&1 >/dev/null) && st=0 || st=$?
	is "$st:$([ -e "$o" ] && echo written || echo nothing)" "1:nothing" "$name: exit 1, nothing written"
	like "$e" "$want" "$name: says why"
}
refused "a malformed --from" 'not an identity: want "Full Name <address@domain>"' --from "scratch.exporter@uvcdma-identity-test.org"
git config --global user.email "uvcdma@example.org"
refused "git config's address reserved (the placeholder the series once carried)" \
	'"Scratch Exporter <uvcdma@example.org>" is a reserved address'
rm -f "$home/.gitconfig"
refused "no git identity and no --from" \
	'no identity to sign the patches with: git config user.name and user.email are unset; set them .* or pass --from'
e=$(export_patches --from "$id" -o "$tmp/nf" 5.10 2>&1 >/dev/null) && st=0 || st=$?
is "$st:$([ -e "$tmp/nf" ] && echo written || echo nothing)" "1:nothing" "a folder with no series: exit 1, nothing written"
like "$e" "no series in patches/5\\.10; the folders are: 6\\.1 6\\.12 7\\.3 upstream/dma-mapping upstream/linux-media" \
	"a folder with no series: the folders listed"
# a file that already names someone is not signed twice
stamp_identity "$id" "$c/0001-from.patch" "$tmp/twice.patch" 2>"$tmp/twice.err" && st=0 || st=$?
is "$st" 1 "a file that already names who it is from: refused"
done_testing

# shellcheck shell=bash
# Who a patch series is from. The series committed under patches/ carry no
# person: no From: header and no Signed-off-by: trailer (regenerate.sh
# strips them), because the Signed-off-by is the Developer's Certificate of
# Origin of whoever sends the patches, which a repository cannot make for
# them. export.sh stamps both from the exporter's identity.

# identity_valid ID: whether ID reads "Name <local@domain>" with a domain
# that could deliver mail (RFC 2606 and RFC 6761 reserve example.*,
# *.example, *.invalid, *.test and *.localhost as names that never do).
identity_valid() {
	local id=$1 domain
	local re='^[^<>@]*[^<>@[:space:]][[:space:]]+<[^<>@[:space:]]+@([^<>@[:space:]]+\.[^<>@[:space:].]+)>$'
	[[ $id =~ $re ]] || return 1
	domain=${BASH_REMATCH[1],,}
	case $domain in
	example.com | example.net | example.org | *.example.com | *.example.net | *.example.org | \
		*.example | *.invalid | *.test | *.localhost) return 2 ;;
	esac
}

# exporter_identity [ID]: ID (export.sh --from) if given, else the git
# configuration's user.name and user.email, printed as "Name <email>".
# Fails with a message saying what to set when there is none, or when it
# is not a name and an address that can receive a reply.
exporter_identity() {
	local id=${1:-} name email st
	if [ -z "$id" ]; then
		name=$(git config user.name 2>/dev/null || true)
		email=$(git config user.email 2>/dev/null || true)
		if [ -z "$name" ] || [ -z "$email" ]; then
			printf '%s: error: no identity to sign the patches with: git config user.name and user.email are %s; set them (git config --global user.name "Your Name"; git config --global user.email you@your.domain) or pass --from "Your Name <you@your.domain>"\n' \
				"${0##*/}" "$( [ -z "$name$email" ] && echo "unset" || echo "not both set")" >&2
			return 1
		fi
		id="$name <$email>"
	fi
	identity_valid "$id" && st=0 || st=$?
	case $st in
	0) printf '%s\n' "$id" ;;
	1)
		printf '%s: error: "%s" is not an identity: want "Full Name <address@domain>"\n' "${0##*/}" "$id" >&2
		return 1
		;;
	*)
		printf '%s: error: "%s" is a reserved address (RFC 2606/6761) that no reply reaches: sign with your own\n' "${0##*/}" "$id" >&2
		return 1
		;;
	esac
}

# What checkpatch reads in a scratch copy, which it wants signed off: a
# name that is plainly no one's, at an address that is reserved as one.
# shellcheck disable=SC2034 # for the scripts that source this file
IDENTITY_CHECK='Checkpatch Scratch Copy <not-a-sign-off@checkpatch.invalid>'
# format-patch's own author in a regenerated file, removed at once
# shellcheck disable=SC2034 # for the scripts that source this file
IDENTITY_REGENERATE=(-c user.name=Regenerated -c user.email=regenerated@identity.invalid)

# is_cover FILE: whether FILE is a series' cover letter (NNNN 0000)
is_cover() { [[ ${1##*/} == 0000-* ]]; }

# A cover letter's shortlog heads its list of patches with their author's
# name; in the committed series it reads this, a template's field.
IDENTITY_SHORTLOG_TEMPLATE=EXPORTER

# strip_identity FILE...: remove the From: header and every Signed-off-by:
# trailer of git format-patch files, in place, and put the template in a
# cover letter's shortlog ("Name (N):" before the indented subjects). Only
# the mail header and the commit message are read: a diff may add lines
# that look like either.
strip_identity() {
	local f
	for f in "$@"; do
		awk -v cover="$(is_cover "$f" && echo 1 || echo 0)" -v tmpl="$IDENTITY_SHORTLOG_TEMPLATE" '
			function flush() { if (held != "") print held; held = "" }
			NR > 1 && !body && /^$/ { body = 1 }
			!body && /^From: / { next }
			# a message whose only trailers were sign-offs ends without its blank line
			body && !diff && !cover && /^---$/ { diff = 1; blanks = 0 }
			body && !diff && /^Signed-off-by: / { next }
			body && !diff && !cover && /^$/ { blanks++; next }
			{ for (; blanks > 0; blanks--) print "" }
			# the shortlog: "Name (N):" after a blank line, subjects indented below
			cover && held != "" && /^  [^ ]/ { sub(/^.* \(/, tmpl " (", held) }
			{ flush() }
			cover && body && prev == "" && /^[^ \t].* \([0-9]+\):$/ { held = $0; prev = $0; next }
			{ print; prev = $0 }
			END { flush(); for (; blanks > 0; blanks--) print "" }
		' "$f" >"$f.strip" && mv "$f.strip" "$f"
	done
}

# stamp_identity ID IN OUT: copy the format-patch file IN to OUT with ID as
# its From: header and, but for a cover letter (NNNN 0000), as the last
# trailer of its commit message. IN must carry no identity.
stamp_identity() {
	local id=$1 in=$2 out=$3
	if grep -q -m1 '^From: \|^Signed-off-by: ' <(sed -n '1,/^---$/p' "$in"); then
		printf '%s: error: %s already names who it is from: regenerate it (patches/regenerate.sh) before exporting\n' \
			"${0##*/}" "$in" >&2
		return 1
	fi
	awk -v id="$id" -v tmpl="$IDENTITY_SHORTLOG_TEMPLATE" -v cover="$(is_cover "$in" && echo 1 || echo 0)" '
		NR == 2 { print "From: " id }
		cover && index($0, tmpl " (") == 1 && /\([0-9]+\):$/ {
			name = id
			sub(/ <[^<>]*>$/, "", name)
			$0 = name substr($0, length(tmpl) + 1)
		}
		{ print }
	' "$in" >"$out"
	is_cover "$in" || git interpret-trailers --in-place --trailer "Signed-off-by: $id" "$out"
}

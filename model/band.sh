#!/usr/bin/env bash
# The band of a modelled figure over its platform's assumptions (model/README.md,
# "The band"): one at a time, each parameter whose comment gives "range LO-HI"
# set to LO, then to HI, every other parameter at its declared value.
#
#   model/band.sh variants PLATFORM_FILE DIR
#       writes DIR/NAME~KEY-lo.conf and DIR/NAME~KEY-hi.conf for each ranged
#       parameter (none for an end equal to the declared value), each the
#       platform file with that one value changed and its name NAME~KEY-lo
#       (or -hi); prints their paths, one a line
#   model/band.sh summarize BASE_REPORT VARIANT_REPORT...
#       the coherent / noncontiguous decode ratio (phases "coherent" and
#       "noncontiguous" of each model.txt) at the declared values and over
#       the variants, as CSV:
#         quantity,declared,lo,hi,lo_variant,hi_variant,widest_key,widest_lo,widest_hi
#       widest_key: the parameter whose two ends move the ratio most apart
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "model/band.sh: $*" >&2; exit 2; }

variants() {
	local file=$1 dir=$2 name
	[ -r "$file" ] || die "cannot read $file"
	mkdir -p "$dir"
	name=$(sed -n 's/^name[[:space:]]*=[[:space:]]*\([^[:space:]#]*\).*/\1/p' "$file")
	[ -n "$name" ] || die "$file: no 'name = ...' line"
	# key value lo hi: each parameter with a range in its comment (the
	# comment may go on over the next lines, which start with '#').
	awk '
		function flush() {
			if (key != "" && match(text, /range [0-9.]+-[0-9.]+/)) {
				r = substr(text, RSTART + 6, RLENGTH - 6)
				split(r, b, "-")
				print key, value, b[1], b[2]
			}
			key = ""; text = ""
		}
		/^[a-z_0-9]+[ \t]*=/ {
			flush()
			line = $0
			c = index(line, "#")
			text = c ? substr(line, c + 1) : ""
			if (c) line = substr(line, 1, c - 1)
			split(line, kv, "=")
			key = kv[1]; gsub(/[ \t]/, "", key)
			value = kv[2]; gsub(/[ \t]/, "", value)
			next
		}
		/^[ \t]*#/ && key != "" { text = text " " $0; next }
		{ flush() }
		END { flush() }' "$file" |
		while read -r key value lo hi; do
			for end in lo hi; do
				v=$([ "$end" = lo ] && echo "$lo" || echo "$hi")
				# An end at the declared value is the declared platform.
				awk -v a="$v" -v b="$value" 'BEGIN { exit !(a + 0 == b + 0) }' && continue
				out="$dir/$name~$key-$end.conf"
				awk -v key="$key" -v v="$v" -v name="$name~$key-$end" '
					$0 ~ "^" key "[ \t]*=" { sub(/=[ \t]*[^ \t#]+/, "= " v) }
					/^name[ \t]*=/ { sub(/=[ \t]*[^ \t#]+/, "= " name) }
					{ print }' "$file" >"$out"
				echo "$out"
			done
		done
}

# decode_ratio REPORT: coherent / noncontiguous decode, per-URB means
decode_ratio() {
	awk -f "$here/windows.awk" "$1" | awk -F, '
		$1 == "coherent" && $2 == "decode" { c = $4 }
		$1 == "noncontiguous" && $2 == "decode" { n = $4 }
		END { if (c > 0 && n > 0) printf "%.4f\n", c / n }'
}

summarize() {
	local base=$1 r name ratio declared
	shift
	declared=$(decode_ratio "$base")
	[ -n "$declared" ] || die "$base: no coherent and noncontiguous decode windows"
	for r in "$@"; do
		name=$(sed -n 's/^platform name=\([^ ]*\).*/\1/p' "$r")
		ratio=$(decode_ratio "$r")
		[ -n "$ratio" ] || die "$r: no coherent and noncontiguous decode windows"
		echo "${name#*~} $ratio"
	done | awk -v declared="$declared" '
		{
			v = $1; sub(/-(lo|hi)$/, "", v); end = substr($1, length($1) - 1)
			if (!(v in seen)) { seen[v] = 1; order[++n] = v }
			val[v, end] = $2 + 0
			if (lo == "" || $2 + 0 < lo) { lo = $2 + 0; lo_v = $1 }
			if (hi == "" || $2 + 0 > hi) { hi = $2 + 0; hi_v = $1 }
		}
		END {
			if (lo == "" || declared + 0 < lo) { lo = declared + 0; lo_v = "declared" }
			if (hi == "" || declared + 0 > hi) { hi = declared + 0; hi_v = "declared" }
			for (i = 1; i <= n; i++) {
				v = order[i]
				a = ((v, "lo") in val) ? val[v, "lo"] : declared + 0
				b = ((v, "hi") in val) ? val[v, "hi"] : declared + 0
				w = a > b ? a - b : b - a
				if (wk == "" || w > ww) { wk = v; ww = w; wa = a; wb = b }
			}
			print "quantity,declared,lo,hi,lo_variant,hi_variant,widest_key,widest_lo,widest_hi"
			printf "decode_ratio,%.2f,%.2f,%.2f,%s,%s,%s,%.2f,%.2f\n", declared, lo, hi, lo_v, hi_v,
				(wk == "" ? "none" : wk), (wk == "" ? declared : wa), (wk == "" ? declared : wb)
		}'
}

case ${1:-} in
variants) [ $# -eq 3 ] || die "usage: model/band.sh variants PLATFORM_FILE DIR"; variants "$2" "$3" ;;
summarize) [ $# -ge 2 ] || die "usage: model/band.sh summarize BASE_REPORT VARIANT_REPORT..."; shift; summarize "$@" ;;
*) die "usage: model/band.sh variants PLATFORM_FILE DIR | summarize BASE_REPORT VARIANT_REPORT..." ;;
esac

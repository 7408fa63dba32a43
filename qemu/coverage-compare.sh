#!/usr/bin/env bash
# make coverage's benchmark-style check: each file's line coverage of an
# lcov tracefile against the figures recorded in the repository
# (docs/figures/coverage-BASE.txt, "path percent" lines, written by
# --record). A file more than one point below its record fails the check;
# one above it is reported, to be recorded. Not a test: the figures move
# with what the tests run, and a run that covers more is the point.
#
# usage: qemu/coverage-compare.sh [--record] INFO TREE RECORD
#   INFO    the tracefile (results/coverage/coverage.info)
#   TREE    the kernel tree the tracefile's paths start with
#   RECORD  the recorded figures; --record rewrites it from INFO
set -euo pipefail
record=0
[ "${1:-}" = --record ] && { record=1; shift; }
[ $# -eq 3 ] || { echo "usage: ${0##*/} [--record] INFO TREE RECORD" >&2; exit 2; }
info=$1 tree=$2 rec=$3
[ -r "$info" ] || { echo "${0##*/}: cannot read $info" >&2; exit 2; }

# path percent, one line a file, from the tracefile's DA lines (a
# tracefile straight from geninfo has no LF/LH totals)
figures() {
	awk -v tree="$tree/" '
		/^SF:/ { sf = substr($0, 4); sub("^" tree, "", sf); lf = lh = 0 }
		/^DA:/ { split(substr($0, 4), d, ","); lf++; if (d[2] + 0 > 0) lh++ }
		/^end_of_record/ { if (lf) printf "%s %.1f\n", sf, 100 * lh / lf }
	' "$info" | sort
}

if [ "$record" = 1 ]; then
	{
		echo "# Line coverage per file, percent (qemu/coverage-compare.sh --record);"
		echo "# make coverage fails when a file falls more than one point below."
		figures
	} >"$rec"
	echo "${0##*/}: recorded $(grep -vc '^#' "$rec") files in $rec"
	exit 0
fi
[ -r "$rec" ] || { echo "${0##*/}: no recorded figures at $rec (--record writes them)" >&2; exit 2; }
figures | awk -v rec="$rec" '
	BEGIN {
		while ((getline line < rec) > 0) {
			if (line ~ /^#/ || line == "") continue
			split(line, w, " "); was[w[1]] = w[2]
		}
	}
	{
		now[$1] = $2
		if (!($1 in was)) { printf "new      %-45s %5.1f %%\n", $1, $2; next }
		d = $2 - was[$1]
		if (d < -1.0) { printf "FELL     %-45s %5.1f %% (recorded %.1f %%)\n", $1, $2, was[$1]; bad = 1 }
		else if (d > 1.0) printf "rose     %-45s %5.1f %% (recorded %.1f %%: record it)\n", $1, $2, was[$1]
		else printf "held     %-45s %5.1f %% (recorded %.1f %%)\n", $1, $2, was[$1]
	}
	END {
		for (f in was) if (!(f in now)) { printf "MISSING  %-45s (recorded %.1f %%)\n", f, was[f]; bad = 1 }
		exit bad
	}'

#!/usr/bin/env bash
# modes.sh [--title TITLE] [--subtitle TEXT]... CSV OUT.png|OUT.svg: grouped
# bar chart of the per-URB averages (URB, header, latency, decode, sync for
# cpu, sync for device) of every column of `uvcstat compare --csv` output,
# with the 95% CI as error bars when a group has several runs. The name of
# OUT picks the format (.svg: SVG, else PNG); each --subtitle is one more
# line under the title. See plots/README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
title=
subtitles=()
usage_line="usage: plots/modes.sh [--title TITLE] [--subtitle TEXT]... CSV OUT.png|OUT.svg"
usage() { echo "$usage_line" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--title) [ $# -ge 2 ] || usage; title=$2; shift 2 ;;
	--title=*) title=${1#--title=}; shift ;;
	--subtitle) [ $# -ge 2 ] || usage; subtitles+=("$2"); shift 2 ;;
	--subtitle=*) subtitles+=("${1#--subtitle=}"); shift ;;
	-h|--help) echo "$usage_line"; exit 0 ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || usage
csv=$1 png=$2
[ -r "$csv" ] || { echo "modes.sh: cannot read $csv" >&2; exit 3; }
command -v gnuplot >/dev/null || { echo "modes.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 6; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# CSV (RFC 4180, no line breaks inside fields) -> TSV for gnuplot.
# A `measured` metric, when the CSV carries one, gives the title.
awk -v out="$tmp/data.tsv" -v meta="$tmp/meta" '
function split_csv(line, f,    n, i, c, q, cur) {
	n = 0; cur = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (q) {
			if (c == "\"" && substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ }
			else if (c == "\"") q = 0
			else cur = cur c
		} else if (c == "\"") q = 1
		else if (c == ",") { f[++n] = cur; cur = "" }
		else cur = cur c
	}
	f[++n] = cur
	return n
}
{ sub(/\r$/, "") }
NR == 1 {
	n = split_csv($0, h)
	for (i = 1; i <= n; i++) col[h[i]] = i
	if (!("metric" in col) || !("column" in col) || !("value" in col)) { print "modes.sh: not uvcstat compare --csv output" > "/dev/stderr"; bad = 1; exit 4 }
	next
}
{
	split_csv($0, f)
	m = f[col["metric"]]; c = f[col["column"]]
	if (m == "measured") { print f[col["value"]] > meta; next }
	if (m !~ /_avg$/) next
	t = substr(m, 1, length(m) - 4)
	if (!(c in seen)) { seen[c] = 1; cols[++nc] = c }
	if (!(t in tseen)) { tseen[t] = 1; ts[++nt] = t }
	v[t, c] = f[col["value"]]; lo[t, c] = f[col["ci_lo"]]; hi[t, c] = f[col["ci_hi"]]
}
END {
	if (bad) exit 4
	if (nc == 0) { print "modes.sh: no *_avg rows in the CSV" > "/dev/stderr"; exit 4 }
	name["urb"] = "URB"; name["header"] = "header"; name["latency"] = "latency"
	name["decode"] = "decode"; name["sync_cpu"] = "sync for cpu"; name["sync_device"] = "sync for device"
	printf "interval" > out
	for (j = 1; j <= nc; j++) printf "\t%s\tlow\thigh", cols[j] > out
	printf "\n" > out
	for (i = 1; i <= nt; i++) {
		t = ts[i]
		printf "%s", (t in name ? name[t] : t) > out
		base = v[t, cols[1]]
		for (j = 1; j <= nc; j++) {
			x = v[t, cols[j]]
			if (x == "") { printf "\tNaN\tNaN\tNaN" > out; continue }
			us = x / 1000; lv = us; hv = us
			# times: speedup = baseline / column, so the column lies in
			# [baseline / ci_hi, baseline / ci_lo]
			if (j > 1 && lo[t, cols[j]] != "" && hi[t, cols[j]] > 0 && lo[t, cols[j]] > 0) {
				lv = base / 1000 / hi[t, cols[j]]; hv = base / 1000 / lo[t, cols[j]]
			}
			printf "\t%.3f\t%.3f\t%.3f", us, lv, hv > out
		}
		printf "\n" > out
	}
	print nc > (meta ".n")
}' "$csv"

ncols=$(cat "$tmp/meta.n")
if [ -z "$title" ] && [ -s "$tmp/meta" ]; then
	title="uvcvideo per-URB averages, measured on $(head -n 1 "$tmp/meta")"
fi
[ -n "$title" ] || title="uvcvideo per-URB averages"
note=
if grep -qi 'tcg' <<<"$title ${subtitles[*]}" || { [ -s "$tmp/meta" ] && grep -qi 'tcg' "$tmp/meta"; }; then
	note="QEMU TCG: no cache model; emulated timings"
fi
# gnuplot string literals: escape backslashes and double quotes
q() { local s=${1//\\/\\\\}; printf '"%s"' "${s//\"/\\\"}"; }
# the subtitle lines as one gnuplot string expression joined by newlines
subtitle=
for line in "${subtitles[@]}"; do subtitle="${subtitle:+$subtitle.\"\\n\".}$(q "$line")"; done
[ -n "$subtitle" ] || subtitle='""'
gnuplot -e "data=$(q "$tmp/data.tsv"); out=$(q "$png"); ncols=$ncols; title=$(q "$title"); subtitle=$subtitle; note=$(q "$note")" \
	"$here/modes.gp"

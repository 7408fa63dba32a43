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
awk -v out="$tmp/data.tsv" -v meta="$tmp/meta" -f "$here/csv.awk" -f "$here/modes-table.awk" "$csv"

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

#!/usr/bin/env bash
# draw.sh [--reference FILE] RESULTS_DIR: every figure of a results
# directory (environment.txt, compare.csv, samples-<mode>.csv for each
# column of compare.csv) as PNG and SVG in RESULTS_DIR/plots/. Draws into
# a temporary directory and moves it into place only when every figure is
# drawn, so a failure leaves no partial plots/. See plots/README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
reference=$top/tests/host/fixtures/reference/report-aarch64-noncontiguous.txt
uvcstat=${UVCSTAT:-${UVCDMA_BUILD_DIR:-$top/build}/host/bin/uvcstat}
usage_line="usage: plots/draw.sh [--reference CHANGELOG_BLOCK] RESULTS_DIR"

# fail STATUS MESSAGE: the one line a bad input gets, then the status.
fail() { echo "draw.sh: $2" >&2; exit "$1"; }
while [ $# -gt 0 ]; do
	case $1 in
	--reference) [ $# -ge 2 ] || fail 2 "$usage_line"; reference=$2; shift 2 ;;
	-h|--help) echo "$usage_line"; exit 0 ;;
	--) shift; break ;;
	-*) fail 2 "$usage_line" ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || fail 2 "$usage_line"
dir=${1%/}
[ -n "$dir" ] || fail 2 "no results directory given (make plots RESULTS=DIR)"
[ -d "$dir" ] || fail 3 "$dir: no such results directory"
# join_missing NAME...: "NAME, NAME" for the one line of a partial directory
join_missing() { local s; printf -v s '%s, ' "$@"; echo "${s%, }"; }
missing=()
for f in environment.txt compare.csv; do
	[ -r "$dir/$f" ] || missing+=("$f")
done
if [ ! -r "$dir/compare.csv" ] && ! compgen -G "$dir/samples-*.csv" >/dev/null; then
	missing+=("samples-<mode>.csv")
fi
[ ${#missing[@]} -eq 0 ] || fail 3 "$dir: missing $(join_missing "${missing[@]}")"
[ -r "$reference" ] || fail 3 "$reference (the changelog's figures) missing"
[ -x "$uvcstat" ] || fail 3 "$uvcstat missing (make tools)"
command -v gnuplot >/dev/null || fail 6 "gnuplot not found (apt-get install gnuplot-nox)"

# environment.txt: `key: value` lines; `where` is required (every title
# says where the numbers come from), the rest is shown when present.
env_value() { awk -v k="$1" 'index($0, k ":") == 1 { v = substr($0, length(k) + 2); sub(/^[ \t]+/, "", v); sub(/[ \t\r]+$/, "", v); print v; exit }' "$dir/environment.txt"; }
where=$(env_value where) clock=$(env_value clock) kernel=$(env_value kernel) workload=$(env_value workload)
[ -n "$where" ] || fail 4 "$dir/environment.txt has no 'where:' line"

tmp=$(mktemp -d "$dir/.plots.XXXXXX" 2>/dev/null) || fail 3 "$dir: cannot write there"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/data" "$tmp/plots"

# compare.csv -> the modes (columns, baseline first) and two tables in us:
# averages.tsv (interval rows) and sync.tsv (mode rows), each value with
# the bounds of its 95% CI (see modes.sh for how they follow from the
# CI of the speedup).
awk -v data="$tmp/data" -f "$here/csv.awk" -f "$here/compare-tables.awk" "$dir/compare.csv" 2>"$tmp/err" ||
	fail 4 "$dir/compare.csv: $(head -n 1 "$tmp/err")"
mapfile -t modes <"$tmp/data/modes"
runs=$(cat "$tmp/data/runs")

# samples-<mode>.csv -> samples-<i>.tsv (seq and intervals in us, NaN
# when not observed), the counts and the range of the decode times.
for m in "${modes[@]}"; do
	[ -r "$dir/samples-$m.csv" ] || missing+=("samples-$m.csv")
done
[ ${#missing[@]} -eq 0 ] ||
	fail 3 "$dir: missing $(join_missing "${missing[@]}") (one per column of compare.csv: ${modes[*]})"
i=0
for m in "${modes[@]}"; do
	i=$((i + 1))
	awk -v mode="$m" -v out="$tmp/data/samples-$i.tsv" -f "$here/csv.awk" -f "$here/samples-table.awk" \
		"$dir/samples-$m.csv" >>"$tmp/data/counts" 2>"$tmp/err" ||
		fail 4 "$dir/samples-$m.csv: $(head -n 1 "$tmp/err")"
	# the empirical CDFs: each observed time, sorted, and the fraction of
	# URBs that took at most that long
	for what in urb:2 decode:5; do
		awk -v c="${what#*:}" '$c != "NaN" { print $c }' "$tmp/data/samples-$i.tsv" | sort -g |
			awk '{ v[NR] = $1 } END { for (k = 1; k <= NR; k++) printf "%s\t%.6f\n", v[k], k / NR }' \
			>"$tmp/data/cdf-${what%:*}-$i.tsv"
	done
done

"$uvcstat" report --csv "$reference" >"$tmp/data/reference.csv" 2>"$tmp/err" ||
	fail 4 "$reference: $(head -n 1 "$tmp/err")"
awk -f "$here/csv.awk" -f "$here/reference-table.awk" "$tmp/data/reference.csv" >"$tmp/data/reference.tsv" 2>"$tmp/err" ||
	fail 4 "$reference: $(head -n 1 "$tmp/err")"

# titles keep the first words of long values: "icount shift=1", the release
measured=$where
[ -z "$clock" ] || measured="$measured, clock: ${clock%% (*}"
context=
[ -z "$workload" ] || context=$workload
[ -z "$kernel" ] || context="${context:+$context, }kernel ${kernel%% *}"
note=
if grep -qi tcg <<<"$where $clock"; then
	note="QEMU TCG: no cache model; emulated timings, not hardware figures"
fi

# gnuplot string literals: escape backslashes and double quotes
q() { local s=${1//\\/\\\\}; printf '"%s"' "${s//\"/\\\"}"; }
# figure SCRIPT NAME [VAR=VALUE...]: NAME.png and NAME.svg from plots/SCRIPT.
figure() {
	local script=$1 name=$2 ext
	shift 2
	for ext in png svg; do
		gnuplot -e "common=$(q "$here/common.gp"); data=$(q "$tmp/data"); out=$(q "$tmp/plots/$name.$ext")" \
			-e "modes=$(q "${modes[*]}"); counts=$(q "$(tr '\n' ' ' <"$tmp/data/counts")")" \
			-e "where=$(q "$where"); clock=$(q "$clock"); measured=$(q "$measured"); context=$(q "$context"); note=$(q "$note")" \
			-e "runs=$(q "$runs")" "$@" "$here/$script" 2>"$tmp/err" ||
			fail 6 "gnuplot failed drawing $name.$ext: $(grep -v '^ *$' "$tmp/err" | tail -n 1)"
	done
}

for what in decode urb; do
	figure distribution.gp "$what-distribution" -e "what=$(q "$what")"
	figure cdf.gp "$what-cdf" -e "what=$(q "$what")"
done
figure timeseries.gp decode-by-seq
figure sync.gp sync
figure reference.gp hardware-and-guest
for ext in png svg; do
	"$here/modes.sh" --title "uvcvideo per-URB averages per URB allocation mode (median of $runs runs; whiskers: 95% CI)" \
		--subtitle "$measured" ${context:+--subtitle "$context"} "$dir/compare.csv" "$tmp/plots/averages.$ext" 2>"$tmp/err" ||
		fail 6 "modes.sh failed drawing averages.$ext: $(head -n 1 "$tmp/err")"
done

# The memory model's panel, one a platform (make MODEL=...): modelled, and
# titled so.
for m in "$dir"/model/*/summary.csv; do
	[ -s "$m" ] || continue
	p=$(basename "$(dirname "$m")")
	awk -F, -v OFS='\t' '
		function v(x) { return x == "" || x + 0 <= 0 ? 0.01 : x }
		NR > 1 && $1 == "window" {
			if (!($2 in seen)) { seen[$2] = 1; mode[++n] = $2 }
			c = $3 == "header" ? 1 : $3 == "decode" ? 2 : $3 == "sync_cpu" ? 3 : $3 == "sync_device" ? 4 : 0
			if (c) { mean[$2, c] = v($5); lo[$2, c] = v($6 == "" ? $5 : $6); hi[$2, c] = v($7 == "" ? $5 : $7) }
			runs = $4
		}
		END {
			for (i = 1; i <= n; i++) {
				line = mode[i]
				for (c = 1; c <= 4; c++) line = line OFS v(mean[mode[i], c]) OFS v(lo[mode[i], c]) OFS v(hi[mode[i], c])
				print line
			}
			print runs > (tmpd "/model-runs")
		}' tmpd="$tmp/data" "$m" >"$tmp/data/model-$p.tsv"
	figure model.gp "model-$p" -e "platform=$(q "$p"); model_runs=$(q "$(cat "$tmp/data/model-runs")")" \
		-e "context=$(q "$(env_value model)")" \
		-e "note=$(q "modelled by model/plugin under QEMU 10, not measured; the other figures are the instruction clock's")"
done

# Every figure is drawn: swap the new plots/ in, then drop the old one.
if [ -e "$dir/plots" ]; then mv "$dir/plots" "$tmp/old"; fi
mv "$tmp/plots" "$dir/plots"
ls "$dir/plots"/*.png "$dir/plots"/*.svg

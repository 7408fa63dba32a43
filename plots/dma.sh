#!/usr/bin/env bash
# dma.sh RESULTS_DIR: the figures of a DMA API benchmark's results
# (bench/dma.sh: dma-environment.txt, dma-configs.tsv, dma-bench.csv) as
# PNG and SVG in RESULTS_DIR/plots/ (beside any other figures there, e.g.
# the main job's): dma-bandwidth (copy out of / into each mapping,
# MB/s), dma-sync (sync for device / for CPU, us), dma-alloc (allocation
# with vmap / free, us), per strategy and size, a row per configuration.
# Every title says QEMU TCG and the clock: these are emulated timings.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "dma.sh: $2" >&2; exit "$1"; }
[ $# -eq 1 ] || fail 2 "usage: plots/dma.sh RESULTS_DIR"
dir=${1%/}
for f in dma-environment.txt dma-configs.tsv dma-bench.csv; do
	[ -r "$dir/$f" ] || fail 3 "$dir: missing $f (written by bench/dma.sh)"
done
command -v gnuplot >/dev/null || fail 6 "gnuplot not found (apt-get install gnuplot-nox)"
env_value() { awk -v k="$1" 'index($0, k ":") == 1 { v = substr($0, length(k) + 2); sub(/^[ \t]+/, "", v); print v; exit }' "$dir/dma-environment.txt"; }
where=$(env_value where) clock=$(env_value clock) kernel=$(env_value kernel) workload=$(env_value workload)
[ -n "$where" ] || fail 4 "$dir/dma-environment.txt has no 'where:' line"

tmp=$(mktemp -d "$dir/.plots.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/data" "$tmp/plots"
strategies=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "strategy") c = i; next }
	!seen[$c]++ { printf "%s%s", n++ ? " " : "", $c }' "$dir/dma-bench.csv")
[ -n "$strategies" ] || fail 4 "$dir/dma-bench.csv has no rows"
awk -v data="$tmp/data" -v strategies="$strategies" -f "$here/dma-table.awk" "$dir/dma-bench.csv"
configs=$(cut -f1 "$dir/dma-configs.tsv" | paste -sd' ')
# panel titles: the configuration's name and its DMA path (configs.tsv's
# description after the colon)
config_titles=$(awk -F'\t' '{ d = $4; sub(/^[^:]*: */, "", d); sub(/ \(.*/, "", d)
	printf "%s%s (%s)", (NR > 1 ? "|" : ""), $1, d }' "$dir/dma-configs.tsv")

measured="${where%% (*}, clock: ${clock%% (*}"
context="${workload}${kernel:+, kernel $kernel}"
note="QEMU TCG: no cache model (uncached and cached copies alike; syncs cost their loops' instructions); emulated timings, not hardware figures"
q() { local s=${1//\\/\\\\}; printf '"%s"' "${s//\"/\\\"}"; }
# figure NAME WHAT TITLE METRICS METRIC_TITLES
figure() {
	local ext
	for ext in png svg; do
		gnuplot -e "common=$(q "$here/common.gp"); data=$(q "$tmp/data"); out=$(q "$tmp/plots/$1.$ext")" \
			-e "modes=$(q "$strategies"); configs=$(q "$configs"); config_titles=$(q "$config_titles")" \
			-e "metrics=$(q "$4"); metric_titles=$(q "$5"); what=$(q "$2"); title=$(q "$3")" \
			-e "measured=$(q "$measured"); context=$(q "$context"); note=$(q "$note")" \
			"$here/dma.gp" 2>"$tmp/err" ||
			fail 6 "gnuplot failed drawing $1.$ext: $(grep -v '^ *$' "$tmp/err" | tail -n 1)"
	done
}
figure dma-bandwidth rate "CPU copy bandwidth through each strategy's kernel mapping, per buffer size" \
	"copy_out copy_in" "copy out of the buffer (uvcvideo's decode)|copy into the buffer"
figure dma-sync time "DMA sync cost of the whole buffer, per buffer size (coherent memory has no syncs)" \
	"sync_for_device sync_for_cpu" "sync for the device|sync for the CPU"
figure dma-alloc time "allocation (with dma_vmap_noncontiguous) and free, per buffer size" \
	"alloc free" "allocation (+ vmap)|free (+ vunmap)"

# Every figure is drawn: only then replace this benchmark's own files.
mkdir -p "$dir/plots"
mv -f "$tmp/plots"/dma-* "$dir/plots/"
ls "$dir/plots"/dma-*

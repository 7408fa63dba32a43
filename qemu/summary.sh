#!/usr/bin/env bash
# summary.md of a main-job results directory: one page a reviewer can
# attach. It reads only files of the directory (environment.txt,
# compare.csv, variation.csv, throughput.txt, plots/), so it can be redrawn
# for any results directory:
#   usage: summary.sh RESULTS_DIR >summary.md
# A ratio whose 95% confidence interval contains 1 is reported as "no
# significant difference", never as a speedup.
set -euo pipefail

die() {
	echo "${0##*/}: $*" >&2
	exit 1
}

[ $# -eq 1 ] || die "usage: ${0##*/} RESULTS_DIR"
dir=${1%/}
for f in environment.txt compare.csv variation.csv; do
	[ -s "$dir/$f" ] || die "$dir: no $f (not a complete main-job results directory)"
done

env_value() { sed -n "s/^$1: //p" "$dir/environment.txt" | head -n 1; }

cat <<EOF
# uvcvideo URB buffer allocation modes: $(env_value workload)

Measured $(env_value date) in a $(env_value where).
**Emulated timings, not hardware figures**: QEMU's TCG models no CPU cache, so
an uncached (coherent) mapping reads as fast as a cached one, and cache
maintenance costs only the instructions of its loops. What differs between
modes here is the instructions each path executes (the syncs, the copy), not
the memory-system effects that the 20e1dbf2bbe2 changelog measured on
aarch64 hardware. Never hold these figures against hardware figures.

| | |
|---|---|
EOF
for k in clock bpf_clock kernel series qemu guest_cpu host_cpu host_load urb_dma_device workload modes runs; do
	v=$(env_value "$k")
	[ -n "$v" ] && printf '| %s | %s |\n' "${k//_/ }" "$v"
done
echo

# The per-URB averages: median over the runs, and each mode's time as a
# multiple of the baseline's (the first column), with the 95% bootstrap CI
# (uvcstat compare gives baseline/mode "speedups": inverted here).
awk -F, '
	NR == 1 { next }
	$1 ~ /_avg$/ && $1 != "fps_avg" {
		m = $1; sub(/_avg$/, "", m)
		if (!(m in seen)) { seen[m] = 1; metric[++nm] = m; label[m] = $2; sub(/ avg.*/, "", label[m]) }
		if (!($4 in colseen)) { colseen[$4] = 1; col[++nc] = $4; runs[$4] = $5 }
		val[m, $4] = $6; sp[m, $4] = $7; lo[m, $4] = $8; hi[m, $4] = $9
	}
	END {
		base = col[1]
		printf "## Per-URB averages, us (median of %s runs a mode) and time relative to %s\n\n", runs[base], base
		printf "| interval |"; for (c = 1; c <= nc; c++) printf " %s |", col[c]; printf "\n"
		printf "|---|"; for (c = 1; c <= nc; c++) printf "---:|"; printf "\n"
		for (i = 1; i <= nm; i++) {
			m = metric[i]; printf "| %s |", label[m]
			for (c = 1; c <= nc; c++) {
				k = col[c]
				if (val[m, k] == "") { printf " - |"; continue }
				cell = sprintf("%.3f", val[m, k] / 1000)
				if (c > 1 && sp[m, k] != "" && sp[m, k] + 0 > 0 && lo[m, k] != "")
					cell = cell sprintf(" (%.2fx [%.2f-%.2f])", 1 / sp[m, k], 1 / hi[m, k], 1 / lo[m, k])
				printf " %s |", cell
			}
			printf "\n"
		}
		printf "\n(x [lo-hi]: the time in that mode divided by the time in %s, median and 95%% bootstrap CI over the runs.)\n\n", base
		printf "## What differs from %s\n\n", base
		for (c = 2; c <= nc; c++) {
			k = col[c]
			for (i = 1; i <= nm; i++) {
				m = metric[i]
				if (val[m, k] == "" || val[m, base] == "") {
					if (val[m, base] != "" || val[m, k] != "")
						printf "- %s, %s: measured in only one of the two modes (%s has no %s samples)\n", k, label[m],
							val[m, k] == "" ? k : base, label[m]
					continue
				}
				if (sp[m, k] == "" || sp[m, k] + 0 <= 0) continue
				if (lo[m, k] == "") {
					printf "- %s, %s: %.2fx (one run a mode: no confidence interval; RUNS=2 or more)\n", k, label[m], 1 / sp[m, k]
					continue
				}
				r = 1 / sp[m, k]; rlo = 1 / hi[m, k]; rhi = 1 / lo[m, k]
				if (rlo <= 1 && rhi >= 1)
					printf "- %s, %s: no significant difference (%.3fx, 95%% CI %.3f-%.3f contains 1)\n", k, label[m], r, rlo, rhi
				else
					printf "- %s, %s: **%.3f times the %s time** (95%% CI %.3f-%.3f)\n", k, label[m], r, base, rlo, rhi
			}
		}
		printf "\n"
	}' "$dir/compare.csv"

# The memory model's sections (make's default platforms, or MODEL=...):
# every platform side by side, then each platform's modelled per-URB
# windows beside the instruction clock's measured decode.
# The uvcvideo changelog's aarch64 block (tests/host/fixtures/reference/):
# decode 10.847 us a URB, 67034480 bytes in 4993 URBs; its SoC not named.
changelog_nc_mbps=$(awk 'BEGIN { printf "%.0f", 67034480 / 4993 / 10.847 }')
model_platforms_seen=$(for m in "$dir"/model/*/summary.csv; do [ -s "$m" ] && echo "$m"; done)
if [ -n "$model_platforms_seen" ]; then
	echo "## Memory model: every platform side by side (modelled, not measured)"
	echo
	echo "**Predictions of a model, each for the platform file it names, never a measurement**"
	echo "(model/README.md; each platform's section below has its windows). The decode (the copy"
	echo "work) per URB in MB/s of the URB's bytes, mean over the runs [95% CI]; the ratio"
	echo "coherent / noncontiguous paired by run [95% CI]; the band: the ratio at each end of each"
	echo "assumption's range, one at a time (band.csv), and the assumption that moves it most."
	echo "For scale, not as a check: the uvcvideo changelog's aarch64 block (SoC not named)"
	echo "decodes noncontiguous URBs at $changelog_nc_mbps MB/s (10.847 us for 13,426 bytes a URB)."
	echo
	echo "| platform | core | coherent decode (MB/s) | noncontiguous decode (MB/s) | coherent / noncontiguous | band over the assumptions | moved most by |"
	echo "|---|---|---:|---:|---:|---:|---|"
	for m in $model_platforms_seen; do
		d=$(dirname "$m")
		p=$(basename "$d")
		core=$(head -n 1 "$d/platform.conf" 2>/dev/null | grep -o 'Cortex-A[0-9]*' | head -n 1)
		band=$(sed -n 2p "$d/band.csv" 2>/dev/null)
		awk -F, -v p="$p" -v core="${core:--}" -v band="$band" '
			function ci(k) { return lo[k] == "" ? sprintf("%.1f", mean[k]) : sprintf("%.1f [%.1f-%.1f]", mean[k], lo[k], hi[k]) }
			$1 == "rate" { mean[$2] = $5; lo[$2] = $6; hi[$2] = $7 }
			$1 == "ratio" { r = $6 == "" ? sprintf("**%.2fx**", $5) : sprintf("**%.2fx** [%.2f-%.2f]", $5, $6, $7) }
			END {
				split(band, b, ",")
				printf "| %s | %s | %s | %s | %s | %s | %s |\n", p, core,
					("coherent" in mean) ? ci("coherent") : "-", ("noncontiguous" in mean) ? ci("noncontiguous") : "-",
					r == "" ? "-" : r, band == "" ? "-" : sprintf("%.2f-%.2fx (declared %.2fx)", b[3], b[4], b[2]),
					band == "" || b[7] == "none" ? "-" : sprintf("%s (%.2f-%.2fx)", b[7], b[8], b[9])
			}' "$m"
	done
	echo
fi
for m in "$dir"/model/*/summary.csv; do
	[ -s "$m" ] || continue
	p=$(basename "$(dirname "$m")")
	echo "## Memory model: $p (modelled, not measured)"
	echo
	echo "**A model's prediction for the platform of [\`model/$p/platform.conf\`](model/$p/platform.conf),"
	echo "never a measurement**: the same workload under QEMU 10 with uvcdma's memory model"
	echo "(model/README.md: caches, DRAM, uncached reads, cache maintenance; every parameter"
	echo "with its source). $(env_value model). The last column is this job's"
	echo "measured decode on the instruction clock (TCG), for the same modes."
	echo
	awk -F, -v cmp="$dir/compare.csv" '
		BEGIN {
			while ((getline line < cmp) > 0) {
				split(line, f, ",")
				if (f[1] == "decode_avg") measured[f[4]] = f[6] / 1000
			}
		}
		function cell(mode, w) {
			if (!((mode, w) in mean)) return "-"
			return lo[mode, w] == "" ? sprintf("%.2f", mean[mode, w]) : \
				sprintf("%.2f [%.2f-%.2f]", mean[mode, w], lo[mode, w], hi[mode, w])
		}
		NR == 1 { next }
		$1 == "window" {
			if (!($2 in seen)) { seen[$2] = 1; mode[++nm] = $2 }
			mean[$2, $3] = $5; lo[$2, $3] = $6; hi[$2, $3] = $7; runs = $4
		}
		$1 == "ratio" { ratio = $5; rlo = $6; rhi = $7; rruns = $4 }
		END {
			printf "| mode | header (us) | decode (us) | sync for cpu (us) | sync for device (us) | measured decode, instruction clock (us) |\n"
			printf "|---|---:|---:|---:|---:|---:|\n"
			for (i = 1; i <= nm; i++) {
				k = mode[i]
				printf "| %s | %s | %s | %s | %s | %s |\n", k, cell(k, "header"), cell(k, "decode"),
					cell(k, "sync_cpu"), cell(k, "sync_device"), (k in measured) ? sprintf("%.3f", measured[k]) : "-"
			}
			printf "\n(per-URB means over %s runs, [95%% CI, Student t]; windows as in tools/uvcstat/FORMAT.md)\n\n", runs
			if (ratio != "") {
				printf "- decode, coherent / noncontiguous, modelled: **%.2fx**", ratio
				if (rlo != "") printf " (95%% CI %.2f-%.2f, %s paired runs)", rlo, rhi, rruns
				if (("coherent" in measured) && ("noncontiguous" in measured) && measured["noncontiguous"] > 0)
					printf "; on the instruction clock: %.2fx", measured["coherent"] / measured["noncontiguous"]
				printf "\n"
			}
		}' "$m"
	if [ -s "$(dirname "$m")/band.csv" ]; then
		awk -F, -v n="$(find "$(dirname "$m")/band" -name '*.conf' 2>/dev/null | wc -l)" 'NR == 2 {
			printf "- band over the assumptions (one at a time, %d variants, %s each; band.csv): **%.2f-%.2fx**", n, "a short run of coherent and noncontiguous", $3, $4
			printf " (%.2fx at the declared values in the same run); moved most by %s (%.2fx to %.2fx)\n", $2, $7, $8, $9
		}' "$(dirname "$m")/band.csv"
	fi
	echo
done

echo "## Run-to-run variation (coefficient of variation of each run's average, %)"
echo
awk -F, '
	NR == 1 { next }
	{
		if (!($2 in seen)) { seen[$2] = 1; iv[++ni] = $2 }
		if (!($1 in mseen)) { mseen[$1] = 1; md[++nm] = $1 }
		cv[$1, $2] = $6; n[$1] = $3
	}
	END {
		printf "| interval |"; for (j = 1; j <= nm; j++) printf " %s (n=%s) |", md[j], n[md[j]]; printf "\n"
		printf "|---|"; for (j = 1; j <= nm; j++) printf "---:|"; printf "\n"
		for (i = 1; i <= ni; i++) {
			printf "| %s |", iv[i]
			for (j = 1; j <= nm; j++) printf " %s |", ((md[j], iv[i]) in cv) ? sprintf("%.2f", cv[md[j], iv[i]]) : "-"
			printf "\n"
		}
	}' "$dir/variation.csv"
echo

if [ -s "$dir/throughput.txt" ]; then
	echo "## Throughput"
	echo
	sed 's/^/    /' "$dir/throughput.txt"
	echo
fi

echo "## Plots"
echo
if compgen -G "$dir/plots/*.png" >/dev/null; then
	for f in "$dir"/plots/*.png; do
		b=$(basename "$f" .png)
		printf -- '- [%s](plots/%s.png) ([SVG](plots/%s.svg))\n' "$b" "$b" "$b"
	done
else
	echo "(none drawn)"
fi
echo
cat <<'EOF'
## Files

`environment.txt` where and how this was measured; `plan.txt` the run order;
`runs/NNN-MODE/` each timed run's `stats`, `stats_raw` and `uvcstat run`
report; `compare.txt`, `.csv`, `.json` (uvcstat compare of all runs);
`variation.csv`; `trace-MODE.dat` (trace-cmd record -e uvcvideo -e dma, one
run a mode) and `samples-MODE.csv` (one row per URB, `uvcstat trace
--samples`); `bpf/` the bpftrace kit's output; `throughput.txt`; `guest/`
the guest runs' console logs and timings; with MODEL=, `model/PLATFORM/`
(the model's report `model.txt`, the platform file, `runs.csv`,
`summary.csv`).
EOF

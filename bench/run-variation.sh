#!/usr/bin/env bash
# Run-to-run variation of the per-URB averages: for each mode and timed
# interval, the average of every run (sum / count of its stats_raw), then
# the mean of those averages, their standard deviation (n - 1) and the
# coefficient of variation. A CV well below the differences between modes
# is what makes a difference between modes a difference.
#   usage: run-variation.sh RUNS_DIR MODE...
#     RUNS_DIR/*/stats_raw are the runs (the main job's layout); each names
#     its mode in its mode= line
# CSV on stdout:
#   mode,interval,runs,mean_avg_ns,sd_avg_ns,cv_pct
set -euo pipefail

die() {
	echo "${0##*/}: $*" >&2
	exit 1
}

[ $# -ge 2 ] || die "usage: ${0##*/} RUNS_DIR MODE..."
dir=$1
shift
[ -d "$dir" ] || die "$dir: no such directory"
# runs_of MODE: the stats_raw files in $dir that name MODE (mode=MODE), in FILES.
runs_of() {
	mapfile -t files < <(grep -lx "mode=$1" "$dir"/*/stats_raw 2>/dev/null)
	[ ${#files[@]} -gt 0 ]
}

# every mode has runs before anything is written: no partial CSV
for mode in "$@"; do
	runs_of "$mode" || die "$dir: no run of mode '$mode' (no */stats_raw)"
done
echo "mode,interval,runs,mean_avg_ns,sd_avg_ns,cv_pct"
for mode in "$@"; do
	runs_of "$mode"
	awk -F= -v mode="$mode" '
		FNR == 1 { run++ }
		$1 ~ /_(count|sum_ns)$/ {
			key = $1
			sub(/_(count|sum_ns)$/, "", key)
			if (!(key in seen)) { seen[key] = 1; order[++nkeys] = key }
			if ($1 ~ /_count$/) count[key, run] = $2; else sum[key, run] = $2
		}
		END {
			for (k = 1; k <= nkeys; k++) {
				key = order[k]; n = 0; m = 0; ss = 0
				for (r = 1; r <= run; r++)
					if (count[key, r] > 0) a[++n] = sum[key, r] / count[key, r]
				if (!n) continue
				for (i = 1; i <= n; i++) m += a[i]
				m /= n
				for (i = 1; i <= n; i++) ss += (a[i] - m) ^ 2
				sd = n > 1 ? sqrt(ss / (n - 1)) : 0
				cv = m > 0 ? 100 * sd / m : 0
				printf "%s,%s,%d,%.1f,%.1f,%.3f\n", mode, key, n, m, sd, cv
			}
		}' "${files[@]}"
done

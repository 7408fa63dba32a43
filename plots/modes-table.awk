# modes-table.awk: `uvcstat compare --csv` -> the TSV modes.gp draws (one
# row per interval, per column its average and CI bounds in us) in OUT, and
# in META the `measured` row if the CSV carries one. Loaded after csv.awk.
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
}
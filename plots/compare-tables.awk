# compare-tables.awk (after csv.awk; -v data=DIR): from `uvcstat compare
# --csv` output, DIR/modes (the columns, baseline first, one a line),
# DIR/runs (runs per column: "3", or "2-3" when they differ),
# DIR/averages.tsv (rows URB, header, latency, decode; per mode the
# median in us and its 95% CI bounds), DIR/sync.tsv (one row per mode:
# sync for cpu, then for device) and DIR/sync-top (the highest CI bound of
# a sync). NaN where the CSV has no value. The CI of a time is that of the speedup turned
# back into times: baseline / ci_hi .. baseline / ci_lo (as modes.sh).
function fail(msg) { print msg > "/dev/stderr"; bad = 1; exit 4 }
function us(x) { return x == "" ? "NaN" : sprintf("%.3f", x / 1000) }
# triple(metric, mode): "median<TAB>low<TAB>high" in us
function triple(m, c,    x, base, lo, hi) {
	x = v[m, c]
	if (x == "") return "NaN\tNaN\tNaN"
	base = v[m, cols[1]]; lo = clo[m, c]; hi = chi[m, c]
	if (c != cols[1] && base != "" && lo != "" && hi != "" && lo > 0 && hi > 0)
		return us(x) "\t" us(base / hi) "\t" us(base / lo)
	return us(x) "\t" us(x) "\t" us(x)
}
{ sub(/\r$/, "") }
NR == 1 {
	n = split_csv($0, h)
	for (i = 1; i <= n; i++) col[h[i]] = i
	if (!("metric" in col) || !("column" in col) || !("value" in col) || !("runs" in col) || !("ci_lo" in col) || !("ci_hi" in col))
		fail("not uvcstat compare --csv output (header: " $0 ")")
	next
}
{
	split_csv($0, f)
	m = f[col["metric"]]; c = f[col["column"]]
	if (!(c in seen)) {
		if (c !~ /^[A-Za-z0-9_.-]+$/) fail("column name '" c "' is not a mode name")
		seen[c] = 1; cols[++nc] = c
	}
	r = f[col["runs"]]
	if (r != "" && (minr == "" || r + 0 < minr)) minr = r + 0
	if (r != "" && (maxr == "" || r + 0 > maxr)) maxr = r + 0
	v[m, c] = f[col["value"]]; clo[m, c] = f[col["ci_lo"]]; chi[m, c] = f[col["ci_hi"]]
}
END {
	if (bad) exit 4
	if (nc == 0) fail("no rows")
	if (!(("decode_avg", cols[1]) in v)) fail("no decode_avg row")
	for (j = 1; j <= nc; j++) print cols[j] > (data "/modes")
	print (minr == maxr ? minr : minr "-" maxr) > (data "/runs")
	out = data "/averages.tsv"
	printf "interval" > out
	for (j = 1; j <= nc; j++) printf "\t%s\tlow\thigh", cols[j] > out
	printf "\n" > out
	split("urb header latency decode", ts, " ")
	split("URB header latency decode", names, " ")
	for (i = 1; i <= 4; i++) {
		printf "%s", names[i] > out
		for (j = 1; j <= nc; j++) printf "\t%s", triple(ts[i] "_avg", cols[j]) > out
		printf "\n" > out
	}
	# sync.tsv: per mode, for cpu then for device: median, low, high (us),
	# the text of its label and the label's height (a missing value gets
	# "not recorded" at the bottom, never a bar that looks like zero)
	out = data "/sync.tsv"
	print "# mode\tcpu\tlow\thigh\tlabel\ty\tdevice\tlow\thigh\tlabel\ty (us)" > out
	top = 0
	for (j = 1; j <= nc; j++) {
		printf "%s", cols[j] > out
		for (k = 1; k <= 2; k++) {
			m = (k == 1 ? "sync_cpu_avg" : "sync_device_avg")
			split(triple(m, cols[j]), t, "\t")
			if (t[1] == "NaN") { printf "\tNaN\tNaN\tNaN\tnot recorded\t0" > out; continue }
			printf "\t%s\t%s\t%s\t%.2f us\t%s", t[1], t[2], t[3], t[1], t[3] > out
			if (t[3] + 0 > top) top = t[3] + 0
		}
		printf "\n" > out
	}
	if (top == 0) fail("no sync_cpu_avg or sync_device_avg values (a kernel without the sync statistics?)")
	print top > (data "/sync-top")
}

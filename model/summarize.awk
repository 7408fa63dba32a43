# runs.csv (mode,run,window,urbs,mean_ns) -> summary.csv: per mode and
# window the mean over the runs of each run's per-URB mean, in us, with the
# 95% confidence interval of Student's t (no interval from a single run;
# a time's lower bound no lower than 0);
# and the decode ratio coherent / noncontiguous, paired by run (both modes
# ran in the same round), its mean and CI; and each mode's decode rate
# (bytes a URB / time a URB, per run; runs.csv's mean_bytes), in MB/s in
# the mean_us, ci_lo and ci_hi columns:
#   kind,mode,window,runs,mean_us,ci_lo,ci_hi
function t975(df) {
	# two-sided 95% quantiles of Student's t, df 1..30; the normal's beyond
	split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093 2.086 2.080 2.074 2.069 2.064 2.060 2.056 2.052 2.048 2.045 2.042", t, " ")
	return df <= 30 ? t[df] : 1.960
}
function emit(kind, mode, win, n, s, ss,   m, sd, h) {
	m = s / n
	if (n < 2) { printf "%s,%s,%s,%d,%.3f,,\n", kind, mode, win, n, m; return }
	sd = sqrt((ss - n * m * m) / (n - 1) > 0 ? (ss - n * m * m) / (n - 1) : 0)
	h = t975(n - 1) * sd / sqrt(n)
	printf "%s,%s,%s,%d,%.3f,%.3f,%.3f\n", kind, mode, win, n, m, (m - h > 0 ? m - h : 0), m + h
}
NR == 1 { next }
{
	k = $1 SUBSEP $3
	if (!(k in n)) order[++nk] = k
	n[k]++; s[k] += $5 / 1000; ss[k] += ($5 / 1000) ^ 2
	if ($3 == "decode") {
		dec[$1, $2] = $5
		if ($6 > 0 && $5 > 0) {
			if (!($1 in rn_)) rorder[++nr] = $1
			rate = $6 / $5 * 1000; rn_[$1]++; rs_[$1] += rate; rss_[$1] += rate * rate
		}
	}
	runs[$2] = 1
}
END {
	print "kind,mode,window,runs,mean_us,ci_lo,ci_hi"
	for (i = 1; i <= nk; i++) { split(order[i], p, SUBSEP); emit("window", p[1], p[2], n[order[i]], s[order[i]], ss[order[i]]) }
	for (r in runs)
		if ((("coherent", r) in dec) && (("noncontiguous", r) in dec) && dec["noncontiguous", r] > 0) {
			q = dec["coherent", r] / dec["noncontiguous", r]; rn++; rs += q; rss += q * q
		}
	if (rn) emit("ratio", "coherent/noncontiguous", "decode", rn, rs, rss)
	for (i = 1; i <= nr; i++) emit("rate", rorder[i], "decode", rn_[rorder[i]], rs_[rorder[i]], rss_[rorder[i]])
}

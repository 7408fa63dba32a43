# reference-table.awk (after csv.awk): `uvcstat report --csv` of one
# published block to a TSV of its per-URB averages in us (rows URB,
# header, latency, decode), then a line "# FRAMES FPS" for the caption.
function fail(msg) { print msg > "/dev/stderr"; bad = 1; exit 4 }
{ sub(/\r$/, "") }
NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; next }
NR == 2 { split_csv($0, f) }
END {
	if (bad) exit 4
	if (NR < 2 || !("decode_avg_us" in col)) fail("not a statistics block uvcstat reads")
	split("urb header latency decode", ts, " ")
	split("URB header latency decode", names, " ")
	print "interval\taverage"
	for (i = 1; i <= 4; i++) {
		x = f[col[ts[i] "_avg_us"]]
		print names[i] "\t" (x == "" ? "NaN" : x)
	}
	print "# " f[col["frames"]] " " f[col["fps"]]
}

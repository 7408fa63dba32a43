# cdf.gp: cumulative distribution per mode of one per-URB time from the
# samples (one run per mode), log time axis: the fraction of URBs that
# took at most x (draw.sh sorts the times into cdf-<what>-<i>.tsv).
# Variables: those of common.gp, and what ("decode" or
# "urb").
width = 900; height = 600
load common
if (what eq "decode") { n(i) = decodes(i); name = "decode time" } else { n(i) = urbs(i); name = "URB time" }
set title wrap(sprintf("uvcvideo %s per URB: cumulative distribution by URB allocation mode\n%s", name, measured_lines), title_chars)
set xlabel sprintf("%s per URB (us, log scale)", name)
set ylabel "fraction of URBs taking at most x"
set logscale x
set yrange [0:1.02]
set ytics 0.1
set grid xtics mxtics ytics
set key bottom right box opaque
set bmargin 5
# room on the right for half of the last tic label of the time axis
set rmargin 5
# the median and the 99th percentile, as reference lines
set arrow 1 from graph 0, first 0.5 to graph 1, first 0.5 nohead dt 3 lc rgb "#888888"
set arrow 2 from graph 0, first 0.99 to graph 1, first 0.99 nohead dt 3 lc rgb "#888888"
set label 1 "median" at graph 0.01, first 0.515 left font font_small tc rgb "#666666"
set label 2 "99 %" at graph 0.01, first 0.965 left font font_small tc rgb "#666666"
plot for [i = 1:nmodes] sprintf("%s/cdf-%s-%d.tsv", data, what, i) using 1:2 with steps lw 2 lc rgb colour(i) \
	title sprintf("%s (%s URBs)", mode(i), n(i))

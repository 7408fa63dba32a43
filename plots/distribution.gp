# distribution.gp: box plot per mode of one per-URB time from the samples
# (one run per mode) on a log scale, each box's median written under it.
# Variables: those of common.gp, and what ("decode" or "urb").
width = 900; height = 600
load common
if (what eq "decode") { ycol = col_decode; n(i) = decodes(i); name = "decode time (copy work: memcpy and buffer releases)" } \
else { ycol = col_urb; n(i) = urbs(i); name = "URB time (completion handler to resubmission)" }
set title wrap(sprintf("uvcvideo %s per URB, by URB allocation mode\n%s", name, measured_lines), title_chars)
set ylabel sprintf("%s per URB (us, log scale)", what eq "decode" ? "decode time" : "URB time")
set xlabel "URB allocation mode (URBs with this time in the run's trace; median)" offset 0, -2
set logscale y
set grid ytics mytics
set xrange [0.4:nmodes + 0.6]
# the outliers drawn as points of their own (beyond 1.5 interquartile
# ranges, as the whiskers end), jittered within their mode's slot:
# gnuplot's own outliers spread sideways without bound when many share a
# time (an icount run's times are few distinct values), past the canvas
set style boxplot nooutliers range 1.5
set jitter overlap 0.5 spread 0.2 wrap 0.1
set pointsize 0.6
set boxwidth 0.45
set key off
set bmargin 8
# each mode's tic label: its name, its count and its median; the y range
# just holds every sample
set xtics () scale 0
lo = 1e300; hi = 0
array median[nmodes]
array fence_lo[nmodes]
array fence_hi[nmodes]
do for [i = 1:nmodes] {
	stats samples(i) using ycol nooutput
	median[i] = STATS_median
	fence_lo[i] = STATS_lo_quartile - 1.5 * (STATS_up_quartile - STATS_lo_quartile)
	fence_hi[i] = STATS_up_quartile + 1.5 * (STATS_up_quartile - STATS_lo_quartile)
	set xtics add (sprintf("%s\n%s URBs\nmedian %.1f us", mode(i), n(i), STATS_median) i)
	# the range from the times above 0 (a log scale cannot show 0)
	stats samples(i) using (column(ycol) > 0 ? column(ycol) : NaN) nooutput
	lo = STATS_min < lo ? STATS_min : lo; hi = STATS_max > hi ? STATS_max : hi
}
set yrange [lo / 1.5 : hi * 1.5]
# the medians again, drawn over the boxes (an SVG renderer that ignores
# fill-opacity would hide gnuplot's own median line under the fill)
outlier(y, i) = y < fence_lo[i] || y > fence_hi[i] ? y : NaN
plot for [i = 1:nmodes] samples(i) using (i):(column(ycol)) with boxplot lc rgb colour(i) fs solid 0.35 border lc rgb colour(i) title mode(i), \
	for [i = 1:nmodes] samples(i) using (i):(outlier(column(ycol), i)) with points pt 7 lc rgb colour(i) notitle, \
	for [i = 1:nmodes] "+" using (i - 0.225):(median[i]):(0.45):(0) every ::0::0 with vectors nohead lw 2 lc rgb "black" notitle

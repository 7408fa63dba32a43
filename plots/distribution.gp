# distribution.gp: box plot per mode of one per-URB time from the samples
# (one run per mode) on a log scale, each box's median written under it.
# Variables: those of common.gp, and what ("decode" or "urb").
width = 900; height = 600
load common
if (what eq "decode") { ycol = col_decode; n(i) = decodes(i); name = "decode time (copy work: memcpy and buffer releases)" } \
else { ycol = col_urb; n(i) = urbs(i); name = "URB time (completion handler to resubmission)" }
set title sprintf("uvcvideo %s per URB, by URB allocation mode\n%s", name, measured_lines)
set ylabel sprintf("%s per URB (us, log scale)", what eq "decode" ? "decode time" : "URB time")
set xlabel "URB allocation mode (URBs with this time in the run's trace; median)" offset 0, -2
set logscale y
set grid ytics mytics
set xrange [0.4:nmodes + 0.6]
set style boxplot outliers pointtype 7 range 1.5
set pointsize 0.6
set boxwidth 0.45
set key off
set bmargin 8
# each mode's tic label: its name, its count and its median; the y range
# just holds every sample
set xtics () scale 0
lo = 1e300; hi = 0
array median[nmodes]
do for [i = 1:nmodes] {
	stats samples(i) using ycol nooutput
	median[i] = STATS_median
	set xtics add (sprintf("%s\n%s URBs\nmedian %.1f us", mode(i), n(i), STATS_median) i)
	# the range from the times above 0 (a log scale cannot show 0)
	stats samples(i) using (column(ycol) > 0 ? column(ycol) : NaN) nooutput
	lo = STATS_min < lo ? STATS_min : lo; hi = STATS_max > hi ? STATS_max : hi
}
set yrange [lo / 1.5 : hi * 1.5]
# the medians again, drawn over the boxes (an SVG renderer that ignores
# fill-opacity would hide gnuplot's own median line under the fill)
plot for [i = 1:nmodes] samples(i) using (i):(column(ycol)) with boxplot lc rgb colour(i) fs solid 0.35 border lc rgb colour(i) title mode(i), \
	for [i = 1:nmodes] "+" using (i - 0.225):(median[i]):(0.45):(0) every ::0::0 with vectors nohead lw 2 lc rgb "black" notitle

# distribution.gp: box plot per mode of one per-URB time from the samples
# (one run per mode) on a log scale, each box's median written under it.
# Variables: those of common.gp, and what ("decode" or "urb").
width = 900; height = 600
load common
if (what eq "decode") { ycol = col_decode; n(i) = decodes(i); name = "decode time (copy work: memcpy and buffer releases)" } \
else { ycol = col_urb; n(i) = urbs(i); name = "URB time (completion handler to resubmission)" }
set title sprintf("uvcvideo %s per URB, by URB allocation mode\n%s", name, measured_lines)
set ylabel sprintf("%s per URB (us, log scale)", what eq "decode" ? "decode time" : "URB time")
set xlabel "URB allocation mode (URBs with this time in the run's trace; median)" offset 0, -1.5
set logscale y
set grid ytics mytics
set xrange [0.4:nmodes + 0.6]
set style boxplot outliers pointtype 7 range 1.5
set pointsize 0.6
set boxwidth 0.45
set key off
set bmargin 7
# each mode's tic label: its name, its count and its median; the y range
# just holds every sample
set xtics () scale 0
lo = 1e300; hi = 0
do for [i = 1:nmodes] {
	stats samples(i) using ycol nooutput
	set xtics add (sprintf("%s\n%s URBs\nmedian %.1f us", mode(i), n(i), STATS_median) i)
	lo = STATS_min < lo ? STATS_min : lo; hi = STATS_max > hi ? STATS_max : hi
}
set yrange [lo / 1.5 : hi * 1.5]
plot for [i = 1:nmodes] samples(i) using (i):(column(ycol)) with boxplot lc rgb colour(i) fs transparent solid 0.35 border lc rgb colour(i) title mode(i)

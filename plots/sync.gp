# sync.gp: what the DMA syncs cost per URB in each mode, from compare.csv:
# the median over the runs of each run's average, with its 95% CI, one
# panel for the sync for the cpu, one for the sync for the device (same
# scale). Variables: those of common.gp.
width = 1000; height = 560
load common
table = data . "/sync.tsv"
# one scale for both panels: the highest CI bound (draw.sh's sync-top)
top = real(system(sprintf("cat '%s/sync-top'", data))) * 1.2
set yrange [0:top]
set xrange [0.4:nmodes + 0.6]
set xtics () scale 0
do for [i = 1:nmodes] { set xtics add (mode(i) i) }
set grid ytics
set key off
set boxwidth 0.6
set style fill solid 0.5 border -1
set bmargin 5
set multiplot layout 1, 2 title wrap(sprintf("uvcvideo DMA sync cost per URB, by URB allocation mode (median of %s runs' averages; whiskers: 95%% CI)\n%s", runs, measured_lines), title_chars)
# a panel's title: centred over its plot, about 0.4 of the width
do for [p = 1:2] {
	if (p == 1) { v = 2; set title wrap("sync for the cpu\n(dma_sync_sgtable_for_cpu() or the mode's equivalent)", chars(0.4 * width)) font font_base; set ylabel "average per URB (us)" } \
	else { v = 7; set title wrap("sync for the device\n(dma_sync_sgtable_for_device() or equivalent)", chars(0.4 * width)) font font_base; unset label 99 }
	set xlabel "URB allocation mode"
	plot for [i = 1:nmodes] table every ::(i - 1)::(i - 1) using (i):(column(v)) with boxes lc rgb colour(i) title mode(i), \
		for [i = 1:nmodes] table every ::(i - 1)::(i - 1) using (i):(column(v)):(column(v + 1)):(column(v + 2)) with yerrorbars ps 0 lc rgb "black" notitle, \
		for [i = 1:nmodes] table every ::(i - 1)::(i - 1) using (i):(column(v + 4)):(stringcolumn(v + 3)) with labels offset 0, 0.8 font font_small notitle
}
unset multiplot

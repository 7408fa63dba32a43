# dma.gp: one figure of the DMA API benchmark (bench/dma.sh): a row of
# panels per lab configuration, a column per operation (metrics), x the
# buffer size (log scale), one line per allocation strategy (colours as
# common.gp's modes; a point type each, as lines often coincide). Variables: those of common.gp (modes = the
# strategies), configs and config_titles ("|"-separated), metrics,
# metric_titles ("|"-separated), what ("time": mean us with std bars, log
# y; "rate": MB/s from the mean time), title.
nconfigs = words(configs)
ncols = words(metrics)
width = 560 * ncols; height = 300 * nconfigs + 140
counts = ""
load common
field(s, i) = (i == 1 ? (strstrt(s, "|") ? s[1:strstrt(s, "|") - 1] : s) : field(s[strstrt(s, "|") + 1:], i - 1))
table(c, m) = sprintf("%s/%s-%s.tsv", data, word(configs, c), word(metrics, m))
set logscale x 2
set format x "%.0s%cB"
set xtics ("4K" 4096, "16K" 16384, "64K" 65536, "256K" 262144, "1M" 1048576, "4M" 4194304)
set grid xtics ytics
set key top left font font_small
# the legend where the lines are not: top left under the times (rising
# with the size), bottom right under the bandwidths (flat at the top)
if (what eq "time") { set logscale y 10; set ylabel "us (mean; bars: std)" } else { unset logscale y; set ylabel "MB/s (from the mean time)"; set yrange [0:*]; set key bottom right }
set xlabel "buffer size"
# the footnote goes under the title: the panels fill the canvas
unset label 99
set multiplot layout nconfigs, ncols title wrap(sprintf("%s\n%s\n%s", title, measured_lines, note), title_chars) font font_base
# a panel's title (the smaller font), centred over a plot about 100 px
# narrower than its column: the configuration, then the operation
do for [c = 1:nconfigs] {
	do for [m = 1:ncols] {
		set title wrap(sprintf("%s:\n%s", field(config_titles, c), field(metric_titles, m)), chars((width / ncols - 100) * font_size / (font_size - 1))) font font_small
		if (what eq "time") {
			plot for [i = 1:nmodes] table(c, m) using 1:(column(3 * i - 1)) with linespoints lc rgb colour(i) pt (i + 3) ps 0.8 title mode(i), \
				for [i = 1:nmodes] table(c, m) using 1:(column(3 * i - 1)):(column(3 * i)) with yerrorbars lc rgb colour(i) pt 0 notitle
		} else {
			plot for [i = 1:nmodes] table(c, m) using 1:(column(3 * i + 1)) with linespoints lc rgb colour(i) pt (i + 3) ps 0.8 title mode(i)
		}
	}
}
unset multiplot

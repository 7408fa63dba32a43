# timeseries.gp: decode time of every URB by its completion order (seq),
# one row of panels per mode on one log scale: the whole run on the left,
# its first URBs (the warm-up) on the right. Variables: those of common.gp.
# the title first: the canvas makes room for its lines
width = 1200
load common[1:strlen(common) - strlen("common.gp")] . "text.gp"
title = wrap(sprintf("uvcvideo decode time per URB in completion order (one run per mode)\n%s%s", \
	measured, strlen(context) > 0 ? "\n" . context : ""), chars(width - 20))
title_px = line_px * lines(title) + 32
height = title_px + 140 + 200 * words(modes)
load common
first = 100
# one y range for every panel, so their heights compare (with a decade
# more on top for the legend, above the points), from the times above 0
# (a log scale cannot show 0)
lo = 1e300; hi = 0
do for [i = 1:nmodes] {
	stats samples(i) using (column(col_decode) > 0 ? column(col_decode) : NaN) nooutput
	lo = STATS_min < lo ? STATS_min : lo; hi = STATS_max > hi ? STATS_max : hi
}
set logscale y
set yrange [lo / 1.5 : hi * 15]
set grid xtics ytics
set key top right
set pointsize 0.5
# panels placed by hand: rows between the title (title_px) and the
# footnote (30 px), the left panel 60 % of the width; each row leaves 50
# px under its panel for the tic labels (and, in the last row, the x label)
top = 1 - real(title_px) / height; bottom = 30.0 / height
row = (top - bottom) / nmodes
set multiplot title title
do for [i = 1:nmodes] {
	stats samples(i) using col_decode nooutput
	median = STATS_median
	set arrow 1 from graph 0, first median to graph 1, first median nohead dt 2 lc rgb "#555555"
	set tmargin at screen top - (i - 1) * row - 0.01
	set bmargin at screen top - i * row + 50.0 / height
	if (i == nmodes) { set xlabel "URB completion (seq: n-th URB completed in the session, from 0)" } else { unset xlabel }
	# whole run
	set lmargin at screen 0.08; set rmargin at screen 0.68
	set ylabel "decode time (us, log)"
	set xrange [*:*]
	plot samples(i) using col_seq:col_decode with points pt 7 lc rgb colour(i) \
		title sprintf("%s (%s URBs; dashed: median %.1f us)", mode(i), decodes(i), median)
	unset label 99
	# its first URBs
	set lmargin at screen 0.74; set rmargin at screen 0.98
	unset ylabel
	if (i == nmodes) { set xlabel "seq" }
	set xrange [0:first]
	plot samples(i) using col_seq:col_decode with linespoints pt 7 lw 0.5 lc rgb colour(i) title sprintf("first %d URBs", first)
}
unset multiplot

# reference.gp: the per-URB averages printed in the changelog of Linux
# commit 20e1dbf2bbe2 (aarch64 hardware, non-contiguous URBs) beside this
# run's, in two panels with their own axes: hardware and emulated timings
# are not comparable, so they never share one. Variables: those of
# common.gp.
# The titles first: the canvas is as tall as they need (the plots keep
# their height, 348 px). Under them: the tic labels, the axis label and
# the legend, two modes a row.
width = 1200
load common[1:strlen(common) - strlen("common.gp")] . "text.gp"
# each panel is (0.98 - 0.07 - 0.08) / 2 of the width; its title, centred
# over it, wraps to a little more (the gap between the panels); the
# clock's first words, as in the other figures
panel_chars = chars(0.45 * width)
clock_words = strstrt(clock, " (") > 0 ? clock[1:strstrt(clock, " (") - 1] : clock
main_title = wrap("uvcvideo per-URB averages: the published hardware figures beside this run\nseparate panels and axes: hardware and emulated timings are not comparable", chars(width - 20))
guest_title = wrap(sprintf("%s, this run\n%s%smedian of %s runs per mode; whiskers: 95%% CI", where, \
	strlen(clock) > 0 ? "clock: " . clock_words . "\n" : "", strlen(context) > 0 ? context . "\n" : "", runs), panel_chars)
# the left title's lines are known once the changelog's block is read:
# room for three
title_px = line_px * (lines(main_title) + (lines(guest_title) > 3 ? lines(guest_title) : 3) + 2) + 16
bottom_px = 60 + 18 * int((words(modes) + 1) / 2)
height = bottom_px + 348 + title_px
load common
ref = data . "/reference.tsv"
avg = data . "/averages.tsv"
ref_meta = system(sprintf("sed -n 's/^# //p' '%s'", ref))
set style fill solid 0.6 border -1
set grid ytics
set yrange [0:*]
set bmargin 6
set multiplot layout 1, 2 title main_title margins 0.07, 0.98, real(bottom_px) / height, 1 - real(title_px) / height spacing 0.08, 0
# left: the changelog's block, as printed
set title wrap(sprintf("aarch64 hardware, 20e1dbf2bbe2 changelog\nnon-contiguous URB buffers (the mode it prints), %s frames at %s fps", word(ref_meta, 1), word(ref_meta, 2)), panel_chars) font font_base
set ylabel "average per URB (us)"
set xlabel "interval"
set key off
set boxwidth 0.6
set xrange [-0.6:3.6]
plot ref using 0:2:xtic(1) skip 1 with boxes lc rgb "#777777" notitle, \
	ref using 0:2:(sprintf("%.1f", $2)) skip 1 with labels offset 0, 0.7 font font_small notitle
# right: this run, every mode, with the CI over its runs
unset label 99
set title guest_title font font_base
set style data histogram
set style histogram errorbars gap 1 lw 1
set boxwidth 0.9
set xrange [-0.6:3.6]
set key below horizontal
plot for [i = 1:nmodes] avg skip 1 using (column(3 * i - 1)):(column(3 * i)):(column(3 * i + 1)):xtic(1) lc rgb colour(i) title mode(i)
unset multiplot

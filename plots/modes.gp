# modes.gp - grouped bar chart of uvcvideo's per-URB averages per
# allocation mode, from the table plots/modes.sh extracts from
# `uvcstat compare --csv`.
# Variables (gnuplot -e): data (TSV: header line, then one row per
# interval: name, then value, low, high in us for each column), ncols,
# out (.svg: SVG, else PNG), title, subtitle (second title line, may be
# empty), note (footnote, may be empty).
if (!exists("data") || !exists("out") || !exists("ncols")) { print "modes.gp: set data, out and ncols"; exit status 2 }
if (!exists("title")) title = "uvcvideo per-URB averages"
if (!exists("note")) note = ""
if (!exists("subtitle")) subtitle = ""
svg = strlen(out) > 4 && out[strlen(out)-3:] eq ".svg"
if (svg) {
	set terminal svg size 1000,600 dynamic noenhanced font "DejaVu Sans,12" background "white"
} else {
	set terminal pngcairo size 1000,600 noenhanced font ",10"
}
set output out
# the mode colours of plots/common.gp (Okabe-Ito), the same in every figure
array mode_colour[8] = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]
do for [i = 1:8] { set linetype i lc rgb mode_colour[i] }
set datafile separator "\t"
# the title lines wrapped to the canvas (text.gp, beside this script)
load ARG0[1:strlen(ARG0) - strlen("modes.gp")] . "text.gp"
if (strlen(subtitle) > 0) { set title wrap(title."\n".subtitle, chars(980)) } else { set title wrap(title, chars(980)) }
set ylabel "average per URB (us)"
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set grid ytics
set key top right
set yrange [0:*]
if (strlen(note) > 0) { set label 1 note at screen 0.01, screen 0.02 left font (svg ? ",11" : ",9"); set bmargin 5 }
plot for [i=0:ncols-1] data using (column(2+3*i)):(column(3+3*i)):(column(4+3*i)):xtic(1) title columnheader(2+3*i)

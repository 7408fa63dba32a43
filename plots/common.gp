# common.gp: what the figures of draw.sh share (loaded first by each):
# the terminal (SVG when out ends in .svg, else PNG), one colour per mode
# (by its column in compare.csv, the same in every figure), the lines
# under each title, and the samples' file names.
# Variables from draw.sh: data (directory of the tables), out, modes
# (names, space separated, baseline first), counts (per mode: URBs with a
# decode time, URBs with a URB time), where, clock (environment.txt's;
# clock may be empty), measured (where and clock), context
# (workload, kernel; may be empty), note (footnote; may be empty), runs.
# Each script sets width and height, then loads it (common: its path).
# Titles go through wrap(TEXT, title_chars) (text.gp; a panel's title
# through wrap(TEXT, chars(ITS WIDTH))), so that they fit the canvas.
load common[1:strlen(common) - strlen("common.gp")] . "text.gp"
title_chars = chars(width - 20)
# font sizes: an SVG needs 12 for what looks like 10 in the PNG
svg = strlen(out) > 4 && out[strlen(out)-3:] eq ".svg"
font_size = svg ? 12 : 10
font_base = sprintf(",%d", font_size)
font_small = sprintf(",%d", font_size - 1)
if (svg) {
	set terminal svg size width,height dynamic noenhanced font "DejaVu Sans,".font_size background "white"
} else {
	set terminal pngcairo size width,height noenhanced font "DejaVu Sans,".font_size
}
set output out
set datafile separator "\t"
# Okabe-Ito colours: distinguishable with colour blindness
array mode_colour[8] = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]
colour(i) = mode_colour[(i - 1) % 8 + 1]
nmodes = words(modes)
mode(i) = word(modes, i)
samples(i) = sprintf("%s/samples-%d.tsv", data, i)
decodes(i) = word(counts, 2 * i - 1)
urbs(i) = word(counts, 2 * i)
# the lines under a title: where it was measured, then what ran
measured_lines = measured . (strlen(context) > 0 ? "\n" . context : "")
# the footnote, once per figure (at the bottom of the canvas, its centre
# 14 px up: its descenders clear the edge)
if (strlen(note) > 0) { set label 99 note at screen 0.01, screen 14.0 / height left font font_small tc rgb "#444444" }
# columns of samples-<i>.tsv
col_seq = 1; col_urb = 2; col_header = 3; col_latency = 4; col_decode = 5; col_sync_cpu = 6; col_sync_device = 7

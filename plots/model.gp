# model.gp: the memory model's per-URB windows on one platform (make
# MODEL=..., model/main-job.sh's summary.csv turned into model.tsv by
# draw.sh: one row a mode, mean/lo/hi in us for header, decode, sync for
# the cpu, sync for the device), bars per mode with their 95% CI, on a log
# scale (uncached decode and the syncs differ by orders of magnitude).
# Every title says it is modelled. Variables: those of common.gp, and
# platform (its name), model_runs.
width = 1000; height = 560
load common
table = data . "/model-" . platform . ".tsv"
nrows = int(system(sprintf("grep -c . '%s'", table)))
set logscale y
set yrange [0.01:*]
set xrange [0.4:nrows + 0.6]
set xtics () scale 0
do for [i = 1:nrows] { set xtics add (system(sprintf("sed -n %dp '%s' | cut -f1", i, table)) i) }
set grid ytics
set key top right font font_small
set style fill solid 0.6 border -1
set bmargin 5
set ylabel "modelled time per URB (us, log scale)"
set xlabel "URB allocation mode"
set title wrap(sprintf("MODELLED, NOT MEASURED: uvcvideo per-URB windows on %s (model/platforms/%s.conf), mean of %s runs, whiskers: 95%% CI\nthe same workload under QEMU 10 with uvcdma's memory model; %s", platform, platform, model_runs, context), title_chars)
bw = 0.18
array names[4] = ["header", "decode", "sync for cpu", "sync for device"]
plot for [w = 1:4] table using ($0 + 1 + (w - 2.5) * bw):(column(3 * w - 1)):(bw) with boxes lc rgb colour(w) title names[w], \
	for [w = 1:4] table using ($0 + 1 + (w - 2.5) * bw):(column(3 * w - 1)):(column(3 * w)):(column(3 * w + 1)) with yerrorbars ps 0 lc rgb "black" notitle

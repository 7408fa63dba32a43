# windows.awk: the window records of a model report (model.txt, written by
# model/plugin/report.c) as CSV, one row a phase and window that closed at
# least once: phase,window,n,mean_ns,mean_bytes. main-job.sh, band.sh and
# validate.sh read it.
$1 == "window" {
	delete v
	for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	if (v["n"] > 0)
		printf "%s,%s,%s,%.1f,%.1f\n", v["phase"], v["name"], v["n"], v["sum_ns"] / v["n"], v["bytes"] / v["n"]
}

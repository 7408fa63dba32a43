# dma-table.awk: bench/dma.sh's bench.csv (config,strategy,size,iterations,
# metric,count,mean_ns,std_ns,min_ns,max_ns,mb_per_s) -> one table per
# configuration and operation, DATA/CONFIG-METRIC.tsv: a row per size
# (bytes), then for each strategy (in the order of STRATEGIES) its mean
# and standard deviation in us and its MB/s; NaN where the strategy has no
# such operation (coherent memory has no syncs).
# Variables: data (directory), strategies (space separated).
BEGIN { FS = ","; n = split(strategies, strategy, " ") }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{
	c = $col["config"]; m = $col["metric"]; z = $col["size"] + 0
	key = c SUBSEP m
	if (!(key in seen)) { seen[key] = 1; keys[++nkeys] = key }
	if (!((key, z) in sized)) { sized[key, z] = 1; sizes[key] = sizes[key] " " z }
	s = $col["strategy"]
	mean[key, z, s] = $col["mean_ns"] / 1000
	std[key, z, s] = $col["std_ns"] == "" ? "NaN" : $col["std_ns"] / 1000
	rate[key, z, s] = $col["mb_per_s"] == "" ? "NaN" : $col["mb_per_s"]
}
END {
	for (k = 1; k <= nkeys; k++) {
		split(keys[k], cm, SUBSEP)
		file = data "/" cm[1] "-" cm[2] ".tsv"
		nz = split(sizes[keys[k]], zs, " ")
		# sizes ascending (insertion sort: a dozen values)
		for (i = 2; i <= nz; i++) { v = zs[i] + 0; for (j = i - 1; j >= 1 && zs[j] + 0 > v; j--) zs[j + 1] = zs[j]; zs[j + 1] = v }
		for (i = 1; i <= nz; i++) {
			line = zs[i]
			for (j = 1; j <= n; j++) {
				t = keys[k] SUBSEP zs[i] SUBSEP strategy[j]
				if (t in mean) line = line "\t" mean[t] "\t" std[t] "\t" rate[t]
				else line = line "\tNaN\tNaN\tNaN"
			}
			print line > file
		}
		close(file)
	}
}

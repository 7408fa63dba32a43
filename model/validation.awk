# validation.awk: make model-validate's tables (model/validate.sh), the
# modelled figures of each platform set against the published stk1160
# figures. Input: CSV rows report,phase,window,n,mean_ns[,...]: each
# model report's windows (model/windows.awk) with the report's platform
# name in front; a band variant's name is PLATFORM~KEY-lo or -hi
# (model/band.sh). Variables:
#   platforms  the platforms scored, space-separated, in order
#   size       the buffer's label in the phases (168K)
#   bytes      the buffer's bytes (172032)
#   chunk      the chunked shape's piece in bytes (1440; 0: block copy only)
# Phases: STRATEGY-SIZE (block copy: window bench_copy_out) and
# STRATEGY-SIZE-chunkCHUNK (window bench_copy_chunked), STRATEGY coherent
# or noncontiguous; noncontiguous adds its bench_sync_cpu.
#
# Prints three markdown tables: the published figures, the modelled ones,
# and predicted / published for each figure, cluster and shape (1.00 is
# exact). Rates in MB/s (10^6 bytes a second: bytes / us); a ratio is
# coherent / noncontiguous time per byte. The published figures are held
# back: they enter these scores and nothing else.
BEGIN {
	FS = ","
	# Linux commit 68d0c3311ec1 "media: stk1160: Use dma_alloc_noncontiguous
	# API" ([PATCH v3 4/4], 2022-02-17), rock-pi4 (RK3399): per URB.
	fig[1] = "v3"
	src[1] = "commit 68d0c3311ec1 ([PATCH v3 4/4], 2022-02-17)"
	coh_us[1] = 1810.107; coh_b[1] = 165319
	nc_us[1] = 114.379; nc_b[1] = 165403
	# The series' v1 cover letter, "[PATCH 0/3] media: stk1160: allocate
	# urb buffs with the DMA noncontiguous API" (2022-01-11, Message-Id
	# <20220111065505.6323-1-dafna.hirschfeld@collabora.com>), rock-pi4.
	fig[2] = "v1"
	src[2] = "cover letter [PATCH 0/3] (2022-01-11)"
	coh_us[2] = 934.474; coh_b[2] = 92010
	nc_us[2] = 87.054; nc_b[2] = 100290
	nfig = 2
	for (f = 1; f <= nfig; f++) {
		pub_coh[f] = coh_b[f] / coh_us[f]
		pub_nc[f] = nc_b[f] / nc_us[f]
		pub_ratio[f] = pub_nc[f] / pub_coh[f]
	}
	nplat = split(platforms, plat, " ")
	shape[1] = "block"; suffix[1] = ""; win[1] = "bench_copy_out"
	nshape = 1
	if (chunk + 0 > 0) {
		shape[2] = "chunked " chunk " B, cold"; suffix[2] = "-chunk" chunk; win[2] = "bench_copy_chunked"
		nshape = 2
	}
}
{ mean[$1, $2, $3] = $5; seen[$1] = 1 }

# us REPORT STRATEGY SHAPE WINDOW: the window's mean in us, -1 if absent
function us(r, s, k, w,    key) {
	key = r SUBSEP s "-" size suffix[k] SUBSEP w
	return (key in mean) ? mean[key] / 1000 : -1
}
# ratio REPORT SHAPE: coherent copy / noncontiguous sync + copy, -1 if absent
function ratio(r, k,    c, n, y) {
	c = us(r, "coherent", k, win[k])
	n = us(r, "noncontiguous", k, win[k])
	y = us(r, "noncontiguous", k, "bench_sync_cpu")
	return (c < 0 || n < 0 || y < 0) ? -1 : c / (n + y)
}

END {
	print "Published (rock-pi4, RK3399; per URB, rates per byte):"
	print ""
	print "| figure | source | coherent | noncontiguous | ratio coherent / noncontiguous |"
	print "|---|---|---|---|---|"
	for (f = 1; f <= nfig; f++)
		printf "| %s | %s | %.1f MB/s (%.3f us for %d B) | %.1f MB/s (%.3f us for %d B) | %.2fx |\n",
			fig[f], src[f], pub_coh[f], coh_us[f], coh_b[f], pub_nc[f], nc_us[f], nc_b[f], pub_ratio[f]
	print ""
	printf "Modelled (not measured), %d bytes a copy, mean over the iterations:\n", bytes
	print ""
	print "| cluster | copy out | coherent | noncontiguous: sync for CPU + copy | copy alone | ratio | band over the assumptions |"
	print "|---|---|---|---|---|---|---|"
	for (p = 1; p <= nplat; p++) {
		for (k = 1; k <= nshape; k++) {
			r = plat[p]
			c = us(r, "coherent", k, win[k])
			n = us(r, "noncontiguous", k, win[k])
			y = us(r, "noncontiguous", k, "bench_sync_cpu")
			if (c < 0 || n < 0 || y < 0) {
				printf "validation.awk: %s lacks the windows of the %s shape\n", r, shape[k] > "/dev/stderr"
				exit 1
			}
			m_coh[p, k] = bytes / c
			m_nc[p, k] = bytes / (n + y)
			m_ratio[p, k] = c / (n + y)
			# The band: the ratio over the variants of this platform.
			nv = 0
			lo[p, k] = hi[p, k] = m_ratio[p, k]
			lo_v = hi_v = "declared"
			for (v in seen) {
				if (index(v, r "~") != 1)
					continue
				x = ratio(v, k)
				if (x < 0)
					continue
				nv++
				name = substr(v, length(r) + 2)
				# Ties go to the first name in order: the same table whatever
				# order awk walks the reports in.
				if (x < lo[p, k] || (x == lo[p, k] && lo_v != "declared" && name < lo_v)) {
					lo[p, k] = x; lo_v = name
				}
				if (x > hi[p, k] || (x == hi[p, k] && hi_v != "declared" && name < hi_v)) {
					hi[p, k] = x; hi_v = name
				}
			}
			nband[p, k] = nv
			band = nv ? sprintf("%.2f-%.2fx (%s, %s; %d variants)", lo[p, k], hi[p, k], lo_v, hi_v, nv) : "-"
			printf "| %s | %s | %.1f MB/s (%.1f us) | %.1f MB/s (%.1f + %.1f us) | %.1f MB/s | %.2fx | %s |\n",
				r, shape[k], m_coh[p, k], c, m_nc[p, k], y, n, bytes / n, m_ratio[p, k], band
		}
	}
	print ""
	print "Predicted / published (1.00 is exact; rates per byte):"
	print ""
	print "| figure | cluster | copy out | coherent | noncontiguous (with sync) | ratio | ratio over the band |"
	print "|---|---|---|---|---|---|---|"
	for (f = 1; f <= nfig; f++)
		for (p = 1; p <= nplat; p++)
			for (k = 1; k <= nshape; k++)
				printf "| %s | %s | %s | %.2f | %.2f | %.2f | %s |\n", fig[f], plat[p], shape[k],
					m_coh[p, k] / pub_coh[f], m_nc[p, k] / pub_nc[f], m_ratio[p, k] / pub_ratio[f],
					nband[p, k] ? sprintf("%.2f-%.2f", lo[p, k] / pub_ratio[f], hi[p, k] / pub_ratio[f]) : "-"
}

# The parser and writer behind model/from-log (its header says what it
# takes from an sbc-bench log and what it assumes). Variables (-v): prog
# and logname (for messages), want_core, want_cluster, pname (the
# platform's name, or empty); the source line comes from
# ENVIRON["FROM_LOG_SOURCE"] because -v would expand backslashes in it.
# mawk runs it: nothing of gawk's, no {n} in a regular expression.

function fail(msg) {
	if (more_runs) msg = msg " (read: the first of the file's " more_runs + 1 " sbc-bench runs, lines 1-" end_first ")"
	printf "%s: %s: %s\n", prog, logname, msg > "/dev/stderr"
	failed = 1
	exit 2
}
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
# excerpt(LINE, FROM, UPTO): the line as the log has it, cut after the
# first UPTO (the value taken) at or after FROM, so that a reader finds it
# with grep; blanks kept
function excerpt(line, from, upto,   i, j, end) {
	i = index(line, from)
	j = i ? index(substr(line, i), upto) : 0
	if (!j) return line
	end = i + j - 1 + length(upto) - 1
	return trim(substr(line, end + 1)) != "" ? substr(line, 1, end) " ..." : line
}
# q(S): S quoted, its blanks protected from wrap() (\001 until printed)
function q(s) { gsub(/ /, "\001", s); return "\"" s "\"" }
function cite(n, text) { return "LOG line " n ": " q(text) }
# wrap(TEXT, FIRST, NEXT): TEXT as comment lines of at most 97 columns, the
# first after FIRST, the others after NEXT
function wrap(text, first, next_,   w, n, i, out, cur, pre) {
	n = split(text, w, " ")
	out = ""; cur = ""; pre = first
	for (i = 1; i <= n; i++) {
		if (cur != "" && length(pre) + length(cur) + 1 + length(w[i]) > 97) {
			out = out pre cur "\n"; cur = ""; pre = next_
		}
		cur = cur == "" ? w[i] : cur " " w[i]
	}
	out = out pre cur
	gsub(/\001/, " ", out)
	return out
}
function param(key, value, comment,   kv, pad) {
	kv = key " = " value
	pad = kv
	while (length(pad) < 25) pad = pad " "
	if (length(kv) >= 25) pad = kv " "
	if (comment == "") print kv
	else print wrap(comment, pad "# ", "                         # ")
}
function kib(s,   n) { # "32K" or "3M" (sysfs) in KiB
	n = s + 0
	return s ~ /M/ ? n * 1024 : n
}
# lscpu_kib(VALUE): one cache's size in KiB from lscpu's line, or 0 when
# the line gives only a sum over cores it does not count
function lscpu_kib(v,   n, inst) {
	if (v ~ /^[0-9]+K$/) return v + 0 # util-linux before 2.34: one cache
	if (!match(v, /\([0-9]+ instances?\)/)) return 0
	inst = substr(v, RSTART + 1) + 0
	n = v + 0
	if (v ~ /MiB/) n *= 1024
	if (v ~ /GiB/) n *= 1024 * 1024
	return inst ? int(n / inst) : 0
}
function span(i) { return "cpu" cl_lo[i] (cl_hi[i] != cl_lo[i] ? "-cpu" cl_hi[i] : "") }
function describe(i) { return span(i) " (" cl_name[i] ")" }
function pick(i) { return describe(i) (cl_line[i] ? " (LOG line " cl_line[i] ")" : "") }
function clusters(   i, s) {
	s = ""
	for (i = 1; i <= ncl; i++) s = s (i > 1 ? ", " : "") describe(i)
	return s
}
function runs(   r, s) {
	s = ""
	for (r = 1; r <= nrun; r++)
		s = s (r > 1 ? ", " : "") (run_cpu[r] >= 0 ? "cpu" run_cpu[r] : "an unnamed cpu") \
			(run_name[r] != "" ? " (" run_name[r] ")" : "") " (LOG line " run_line[r] ")"
	return s
}
function median3(a, b, c) {
	if ((a - b) * (c - a) >= 0) return a
	if ((b - a) * (c - b) >= 0) return b
	return c
}
function fmt(x) { return sprintf("%.1f", x) }
# The defaults for what a log does not give, by core, from the cores'
# Technical Reference Manuals: the L1 data cache (d_l1 KiB, d_l1w-way,
# d_l1r the sizes the core can be built with), the model's second level
# when the log gives no sizes (d_l2, d_l2w, d_l2r, d_l2why), and the ways
# of the core's own L2 (d_own_l2w) for when the log says the next level
# is an L2; a next level that is an L3 is a DynamIQ Shared Unit's, 16-way.
function core_defaults(nm,   c) {
	c = tolower(nm)
	d_known = 1
	d_trm = "the " nm " TRM"
	d_l1 = 32; d_l1w = 4; d_l1r = "16-64"; d_l1why = d_trm " allows 16-64 KiB; 32 KiB is the common choice"
	d_l2 = 512; d_l2w = 16; d_l2r = "128-4096"; d_own_l2w = 16; d_l2wr = "16-16"
	if (c == "cortex-a53") {
		d_l1r = "8-64"; d_l1why = d_trm " allows 8-64 KiB; 32 KiB is the common choice"
		d_l2r = "128-2048"; d_l2why = "the cluster's shared L2, which " d_trm " allows at 128 KiB-2 MiB (16-way)"
	} else if (c == "cortex-a55") {
		d_own_l2w = 4; d_l2r = "64-4096"; d_l2wr = "4-16"
		d_l2why = "an A55's next level is its own L2 (64-256 KiB, 4-way) where the SoC has one, else the DynamIQ cluster's L3 (512 KiB-4 MiB, 16-way); the default is the L3 of SoCs whose A55s have no L2"
	} else if (c == "cortex-a57" || c == "cortex-a72") {
		d_l1w = 2; d_l1r = "32-32"; d_l1why = d_trm "'s only size"
		d_l2 = 1024; d_l2r = c == "cortex-a57" ? "512-2048" : "512-4096"
		d_l2why = "the cluster's shared L2, which " d_trm " allows at " (c == "cortex-a57" ? "512 KiB-2 MiB" : "512 KiB-4 MiB") " (16-way)"
	} else if (c == "cortex-a73") {
		d_l1 = 64; d_l1r = "32-64"; d_l1why = d_trm " allows 32 or 64 KiB"
		d_l2 = 1024; d_l2r = "256-8192"; d_l2why = "the cluster's shared L2, which " d_trm " allows at 256 KiB-8 MiB (16-way)"
	} else if (c == "cortex-a76" || c == "cortex-a78") {
		d_l1 = 64
		if (c == "cortex-a76") { d_l1r = "64-64"; d_l1why = d_trm "'s only size"; d_l2r = "128-512" }
		else { d_l1r = "32-64"; d_l1why = d_trm " allows 32 or 64 KiB"; d_l2r = "256-512" }
		d_l2w = d_own_l2w = 8; d_l2wr = "8-8"
		d_l2why = "the core's own L2, which " d_trm " allows at " d_l2r " KiB (8-way)"
	} else {
		d_known = 0
		d_trm = "the core's TRM"
		d_l1why = d_l2why = "a common size (" (nm == "unnamed core" ? "the log does not name the core" : "no figures for the " nm " here") ")"
		d_l1r = "16-64"; d_l2wr = "8-16"
	}
}

{ sub(/\r$/, "") }
# /var/log/sbc-bench.log gains a run each time sbc-bench runs: the first
# is read, and the header says so
started && /^sbc-bench v[0-9]/ { more_runs++; if (!end_first) end_first = NR - 1 }
end_first { next }
!started && /^[ \t]*$/ { next }
!started {
	started = 1
	if ($0 !~ /^sbc-bench v[0-9]/)
		fail("not an sbc-bench log: its first line does not start with \"sbc-bench v\" (nor did the very first versions' logs, which are not read either)")
	board = $0
	sub(/^sbc-bench v[^ ]* */, "", board)
	sub(/ *\([^()]*\)$/, "", board)
	if (board ~ /^--/) board = "" # v0.4 wrote the date there
	bench = $2
	next
}
kernel == "" && /^Linux [0-9]/ {
	kernel = $2
	if (match($0, /\([0-9]+ CPU\)/)) ncpu = substr($0, RSTART + 1) + 0
}
kernel2 == "" && /^ *Kernel: / { kernel2 = $2; sub(/\/.*/, "", kernel2) }
soc == "" && /^SoC guess: / { soc = substr($0, 12); sub(/ *\(.*$/, "", soc) }

# The first check of each cluster's clocks (sbc-bench checks them again
# after its benchmarks, warmer: those are not the ones it measured at)
/^Checking cpufreq OPP/ {
	lo = 0; hi = -1; nm = ""
	if (match($0, /for cpu[0-9]+-cpu[0-9]+/)) {
		split(substr($0, RSTART + 7, RLENGTH - 7), p, "-cpu")
		lo = p[1] + 0; hi = p[2] + 0
	} else if (match($0, /for cpu[0-9]+/)) {
		lo = hi = substr($0, RSTART + 7, RLENGTH - 7) + 0
	}
	if (match($0, /\(.*\)/)) nm = substr($0, RSTART + 1, RLENGTH - 2)
	inopp = 0
	if (!((lo, hi) in cl_seen)) {
		cl_seen[lo, hi] = ++ncl
		cl_lo[ncl] = lo; cl_hi[ncl] = hi; cl_name[ncl] = nm; cl_line[ncl] = NR
		inopp = ncl
	}
	next
}
inopp && /^Cpufreq OPP:/ {
	opp = $3 + 0
	for (i = 4; i <= NF && $i != "Measured:"; i++)
		;
	if (i < NF && opp > cl_opp[inopp] + 0) {
		m = $(i + 1)
		cl_text[inopp] = excerpt($0, "Measured:", m)
		if (split(m, p, "/") == 3) {
			cl_mhz[inopp] = median3(p[1] + 0, p[2] + 0, p[3] + 0)
			cl_how[inopp] = "the median of its three measured clocks"
		} else {
			cl_mhz[inopp] = m + 0
			cl_how[inopp] = "as measured"
		}
		cl_opp[inopp] = opp; cl_oppline[inopp] = NR
	}
	next
}
inopp && !/^[ \t]*$/ { inopp = 0 }

/^CPU sysfs topology/ { intopo = 1; next }
intopo && /^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+/ {
	c = $1 + 0
	topo_cluster[c] = $2; topo_max[c] = $5; topo_line[c] = NR
	t = ""
	for (i = 6; i <= NF && $i != "/"; i++) t = t (t == "" ? "" : " ") $i
	topo_type[c] = t
	if (c + 1 > ntopo) ntopo = c + 1
	next
}
intopo && /^[ \t]*$/ && ntopo { intopo = 0 }

/^Executing benchmark on cpu[0-9]+/ {
	match($0, /cpu[0-9]+/)
	pend = 1; pend_cpu = substr($0, RSTART + 3, RLENGTH - 3) + 0; pend_line = NR; pend_name = ""; pend_note = ""
	if (match($0, /\(.*\)/)) pend_name = substr($0, RSTART + 1, RLENGTH - 2)
	cur = 0; tbl = ""
	next
}
# sbc-bench before v0.7.x ran it with taskset -c 0 ("little") and on its
# last cpu ("big"); the last is known once the log has said how many
/^Executing tinymembench on a (little|big) core/ {
	pend = 1; pend_cpu = $0 ~ /little/ ? 0 : -2; pend_line = NR; pend_name = ""
	pend_note = $0 ~ /little/ ? "the log's \"little core\", which this sbc-bench pinned to cpu0" : "the log's \"big core\", which this sbc-bench pinned to its last cpu"
	cur = 0; tbl = ""
	next
}
/^tinymembench v/ {
	nrun++
	run_cpu[nrun] = pend ? pend_cpu : -1
	run_name[nrun] = pend ? pend_name : ""
	run_line[nrun] = pend ? pend_line : NR
	run_note[nrun] = pend ? pend_note : ""
	run_ver[nrun] = $2
	pend = 0; cur = nrun; tbl = ""
	next
}
/^#####/ || /^Executing / { cur = 0; tbl = ""; pend = 0 }
cur && /^[ \t]*(standard memcpy|libc memcpy copy)[ \t]+:[ \t]+[0-9.]+ MB\/s/ {
	if (!(cur in mc)) {
		split($0, p, ":")
		v = trim(p[2])
		sub(/ .*/, "", v)
		mc[cur] = v
		mc_line[cur] = NR; mc_text[cur] = excerpt($0, ":", v " MB/s")
		mc_what[cur] = $0 ~ /standard memcpy/ ? "standard memcpy" : "libc memcpy copy"
	}
	next
}
cur && /^block size : single random read \/ dual random read/ {
	tbl = $0 ~ /MADV_HUGEPAGE/ ? "huge" : $0 ~ /MADV_NOHUGEPAGE/ ? "4k" : "plain"
	if ((cur, tbl) in tbl_line) tbl = "" # a second table of a kind: keep the first
	else tbl_line[cur, tbl] = NR
	next
}
cur && tbl != "" && /^[ \t]*[0-9]+ : +[0-9.]+ ns/ {
	lat[cur, tbl, $1 + 0] = $3
	lat_line[cur, tbl, $1 + 0] = NR
	lat_text[cur, tbl, $1 + 0] = excerpt($0, ":", $3 " ns")
	# the dual random read after the "/": two independent accesses at a time
	if (match($0, /\/ +[0-9.]+ ns/)) {
		d2 = trim(substr($0, RSTART + 1, RLENGTH - 4))
		lat2[cur, tbl, $1 + 0] = d2
		d2_text = excerpt($0, "/", d2 " ns")
		sub(/[ \t]+$/, "", d2_text)
		lat2_text[cur, tbl, $1 + 0] = d2_text
	}
	if ($1 + 0 > lat_max[cur, tbl] + 0) lat_max[cur, tbl] = $1 + 0
	next
}
cur && tbl != "" { tbl = "" }

/^cpu[0-9]+\/index[0-9]+: [0-9]+[KM], level: [0-9]+, type: (Data|Unified)/ {
	c = substr($1, 4) + 0
	lvl = $4 + 0
	if (!((c, lvl) in csize)) {
		csize[c, lvl] = kib($2); cline[c, lvl] = NR; ctext[c, lvl] = $0
		if (lvl > cmax[c] + 0) cmax[c] = lvl
	}
}
model == "" && /^Model name:/ { model = trim(substr($0, index($0, ":") + 1)) }
lscpu_ncpu == "" && /^CPU\(s\):/ { lscpu_ncpu = $2 + 0 }
lscpu_mhz == "" && /^CPU max MHz:/ { lscpu_mhz = $4 + 0; lscpu_mhz_line = NR; lscpu_mhz_text = $0 }
/^L1d cache:/ && ls_l1 == "" { ls_l1 = trim(substr($0, 11)); ls_l1_line = NR; ls_l1_text = $0 }
/^L2 cache:/ && ls_l2 == "" { ls_l2 = trim(substr($0, 10)); ls_l2_line = NR; ls_l2_text = $0 }
/^L3 cache:/ && ls_l3 == "" { ls_l3 = trim(substr($0, 10)); ls_l3_line = NR; ls_l3_text = $0 }

END {
	if (failed) exit 2
	if (!started) fail("not an sbc-bench log: it is empty")
	if (nrun == 0)
		fail("no tinymembench section (no line starts with \"tinymembench v\"): this sbc-bench run measured no memory bandwidth or latency")
	if (!ncpu) ncpu = lscpu_ncpu
	if (!ncpu) ncpu = ntopo
	for (i = 1; i <= ncl; i++) if (cl_hi[i] + 1 > ncpu) ncpu = cl_hi[i] + 1
	for (r = 1; r <= nrun; r++) if (run_cpu[r] == -2) run_cpu[r] = ncpu ? ncpu - 1 : -1

	# The clusters: the clock checks', else the topology table's, else one
	if (ncl == 0) {
		for (c = 0; c < ntopo; c++) {
			if (!(c in topo_cluster)) continue
			if (ncl && topo_cluster[c] == topo_cluster[cl_lo[ncl]] && c == cl_hi[ncl] + 1) { cl_hi[ncl] = c; continue }
			ncl++; cl_lo[ncl] = cl_hi[ncl] = c; cl_line[ncl] = topo_line[c]; cl_name[ncl] = topo_type[c]
		}
	}
	if (ncl == 0) { ncl = 1; cl_lo[1] = 0; cl_hi[1] = -1; cl_line[1] = 0 }
	for (i = 1; i <= ncl; i++) {
		if (cl_hi[i] < 0) cl_hi[i] = ncpu ? ncpu - 1 : 0
		if (cl_name[i] == "" && topo_type[cl_lo[i]] != "") cl_name[i] = topo_type[cl_lo[i]]
		for (r = 1; cl_name[i] == "" && r <= nrun; r++)
			if (run_cpu[r] >= cl_lo[i] && run_cpu[r] <= cl_hi[i] && run_name[r] != "") cl_name[i] = run_name[r]
		if (cl_name[i] == "" && ncl == 1 && model != "") cl_name[i] = model
		if (cl_name[i] == "") cl_name[i] = "unnamed core"
	}

	# The cluster asked for
	sel = 0
	if (want_core != "") {
		for (i = 1; i <= ncl && !sel; i++)
			if (want_core + 0 >= cl_lo[i] && want_core + 0 <= cl_hi[i]) sel = i
		if (!sel) fail("no cpu" want_core " in the log: its clusters are " clusters())
		why = "--core " want_core " picked " pick(sel)
	} else if (want_cluster != "") {
		wantc = tolower(want_cluster); nmatch = 0
		for (i = 1; i <= ncl; i++) {
			c = tolower(cl_name[i])
			if (c == wantc || c == "cortex-" wantc) { nmatch++; if (!sel) sel = i }
		}
		if (!sel) fail("no cluster of " want_cluster " in the log: its clusters are " clusters())
		why = "--cluster " want_cluster " picked " pick(sel) \
			(nmatch > 1 ? ", the first of the log's " nmatch " clusters of " cl_name[sel] : "")
	} else {
		sel = 1
		why = "the log's first cluster, " pick(sel) \
			(ncl > 1 ? "; --core N or --cluster NAME picks another: " substr(clusters(), length(describe(1)) + 3) : "")
	}

	# The tinymembench run on it: sbc-bench says which cpu each ran on;
	# one that does not say can only be the only cluster's
	run = 0
	for (r = 1; r <= nrun && !run; r++)
		if (run_cpu[r] >= cl_lo[sel] && run_cpu[r] <= cl_hi[sel] || run_cpu[r] < 0 && ncl == 1) run = r
	if (!run) {
		if (run_cpu[1] < 0)
			fail("no tinymembench figures for " describe(sel) ": the log does not say which cpu tinymembench ran on, and it has " ncl " clusters")
		fail("no tinymembench figures for " describe(sel) ": tinymembench ran on " runs() " only")
	}
	rcpu = run_cpu[run] >= 0 ? run_cpu[run] : cl_lo[sel]
	ran_on = run_cpu[run] >= 0 ? "cpu" run_cpu[run] (run_name[run] != "" ? " (" run_name[run] ")" : "") : ""
	ran_on_q = ran_on != "" ? q(ran_on) : "a cpu the log does not name"
	if (ran_on == "") ran_on = "the log's one cluster"
	if (!(run in mc))
		fail("the tinymembench run on " ran_on " (LOG line " run_line[run] ") has no \"standard memcpy\" (or \"libc memcpy copy\") line")
	tbl = ((run, "huge") in tbl_line) ? "huge" : ((run, "4k") in tbl_line) ? "4k" : ((run, "plain") in tbl_line) ? "plain" : ""
	if (tbl == "" || lat_max[run, tbl] == "")
		fail("the tinymembench run on " ran_on " (LOG line " run_line[run] ") has no latency table (\"block size : single random read / dual random read\")")
	pages = tbl == "huge" ? "huge pages" : tbl == "4k" ? "4 KiB pages" : "pages as the kernel gave them"
	core_defaults(cl_name[sel])

	# The clock
	if (cl_opp[sel] != "") {
		ghz = sprintf("%.3f", cl_mhz[sel] / 1000)
		c_ghz = "GHz; " cite(cl_oppline[sel], cl_text[sel]) " (" span(sel) "'s highest OPP, " cl_opp[sel] " MHz, " cl_how[sel] ": the clock sbc-bench runs its benchmarks at)"
	} else if (topo_max[rcpu] != "") {
		ghz = sprintf("%.3f", topo_max[rcpu] / 1000)
		c_ghz = "GHz; LOG line " topo_line[rcpu] " (the topology table): cpu" rcpu "'s cpufreq maximum; the log measured no clock"
	} else if (lscpu_mhz && ncl == 1) {
		ghz = sprintf("%.3f", lscpu_mhz / 1000)
		c_ghz = "GHz; " cite(lscpu_mhz_line, lscpu_mhz_text) ": lscpu's maximum; the log measured no clock"
	} else {
		ghz = "1.500"
		c_ghz = "GHz; ASSUMPTION, range 0.5-3.5: the log gives no clock for " describe(sel)
	}

	# The caches: sysfs lines for the cpu tinymembench ran on, else lscpu
	# when the log has one kind of core (its sums are over all of them)
	onekind = 1
	for (i = 2; i <= ncl; i++) if (cl_name[i] != cl_name[1]) onekind = 0
	l1 = 0; l2 = 0; l2lvl = 0; extra = ""
	if ((rcpu, 1) in csize) {
		l1 = csize[rcpu, 1]
		c_l1 = "KiB; " cite(cline[rcpu, 1], ctext[rcpu, 1])
		for (lv = 2; lv <= cmax[rcpu]; lv++) {
			if (!((rcpu, lv) in csize)) continue
			if (!l2) { l2 = csize[rcpu, lv]; l2lvl = lv; c_l2 = "KiB; " cite(cline[rcpu, lv], ctext[rcpu, lv]) }
			else extra = extra (extra == "" ? "" : ", ") "the " csize[rcpu, lv] " KiB L" lv " (LOG line " cline[rcpu, lv] ")"
		}
	} else if (onekind && lscpu_kib(ls_l1)) {
		l1 = lscpu_kib(ls_l1)
		c_l1 = "KiB; " cite(ls_l1_line, ls_l1_text) (ls_l1 ~ /instance/ ? ", over its instances" : "") " (lscpu)"
		if (lscpu_kib(ls_l2)) { l2 = lscpu_kib(ls_l2); l2lvl = 2; c_l2 = "KiB; " cite(ls_l2_line, ls_l2_text) (ls_l2 ~ /instance/ ? ", over its instances" : "") " (lscpu)" }
		else if (ls_l2 == "" && lscpu_kib(ls_l3)) { l2 = lscpu_kib(ls_l3); l2lvl = 3; c_l2 = "KiB; " cite(ls_l3_line, ls_l3_text) (ls_l3 ~ /instance/ ? ", over its instances" : "") " (lscpu)" }
		if (l2lvl == 2 && lscpu_kib(ls_l3)) extra = "the " lscpu_kib(ls_l3) " KiB L3 (LOG line " ls_l3_line ")"
	}
	if (!l1) {
		l1 = d_l1
		c_l1 = "KiB; ASSUMPTION, range " d_l1r ": the log gives no cache sizes; " d_l1why
	}
	if (!l2) {
		l2 = d_l2
		c_l2 = "KiB; ASSUMPTION, range " d_l2r ": the log gives no cache sizes; " d_l2why
	} else if (l2lvl > 2) {
		c_l2 = c_l2 " (this cpu has no L2: its next cache after the L1 is an L" l2lvl ")"
	}
	if (extra != "")
		c_l2 = c_l2 "; the model has two levels: " extra " is left out, so a miss it would catch costs dram_ns here"
	l1w = d_l1w
	c_l1w = "ways; ASSUMPTION, range " (d_known ? d_l1w "-" d_l1w : "2-8") " (no sbc-bench log gives ways): " \
		(d_known ? d_trm "'s L1 data cache is " d_l1w "-way" : "a common associativity")
	if (l2lvl == 2) {
		l2w = d_own_l2w
		c_l2w = "ways; ASSUMPTION, range " (d_known ? d_own_l2w "-" d_own_l2w : "8-16") " (no sbc-bench log gives ways): " \
			(d_known ? d_trm "'s L2 is " d_own_l2w "-way" : "a common associativity")
	} else if (l2lvl > 2) {
		l2w = 16
		c_l2w = "ways; ASSUMPTION, range 16-16 (no sbc-bench log gives ways): an L3 beside DynamIQ cores is the DynamIQ Shared Unit's, 16-way"
	} else {
		l2w = d_l2w
		c_l2w = "ways; ASSUMPTION, range " d_l2wr " (no sbc-bench log gives ways): " (d_known ? "the " d_l2w "-way cache of l2_kib's default" : "a common associativity")
	}
	# the model's loader refuses a cache whose lines do not split evenly into its ways
	while (l1w > 1 && (l1 * 1024 / 64) % l1w) l1w /= 2
	while (l2w > 1 && (l2 * 1024 / 64) % l2w) l2w /= 2

	# An L1 miss that hits the next level: rows of 2, 4 and 8 times the L1,
	# no larger than half the next level (the rest of which random reads
	# still hit), each divided by the share of its random reads that miss
	# the L1 (1 - L1/size), averaged
	n = 0; sum = 0; rows = ""; shares = ""; ests = ""; skipped = ""
	for (k = 2; k <= 8; k *= 2) {
		s = l1 * 1024 * k
		if (s * 2 > l2 * 1024) break
		if (!((run, tbl, s) in lat)) continue
		if (lat[run, tbl, s] + 0 <= 0) { skipped = skipped (skipped == "" ? "" : ", ") s / 1024 " KiB"; continue }
		e = lat[run, tbl, s] / (1 - 1 / k)
		n++; sum += e
		rows = rows (n > 1 ? "/" : "") s / 1024
		vals = vals (n > 1 ? "/" : "") lat[run, tbl, s]
		shares = shares (n > 1 ? ", " : "") (k - 1) "/" k
		ests = ests (n > 1 ? "/" : "") fmt(e)
		lines = lines (n > 1 ? "/" : "") lat_line[run, tbl, s]
	}
	if (n) {
		mean = sum / n
		l2c = int(mean * ghz + 0.5)
		if (l2c < 1) l2c = 1
		c_l2c = "cycles; DERIVED from the latency row" (n > 1 ? "s " : " ") rows " KiB (" pages ", LOG line" (n > 1 ? "s " : " ") lines ") " vals " ns, " (n > 1 ? "each " : "") "divided by the share of random reads that miss a " l1 " KiB L1 (" shares "): " ests " ns" (n > 1 ? ", mean " sprintf("%.2f", mean) " ns" : "") " x " ghz " GHz" (skipped != "" ? "; the " skipped " row said 0.0 ns and was left out" : "")
		# an estimate near DRAM's says the rows miss the next level too
		if (mean * 4 > lat[run, tbl, lat_max[run, tbl]])
			c_l2c = c_l2c "; CHECK: over a quarter of the " lat_max[run, tbl] / 1048576 " MiB row, so these rows likely miss the next level too: is it smaller than l2_kib?"
	} else {
		l2c = 10
		c_l2c = "cycles; ASSUMPTION, range 4-40: the latency table has no row of 2, 4 or 8 times the " l1 " KiB L1 within half the " l2 " KiB next level"
	}

	# A miss to DRAM: the 64 MiB row
	big = ((run, tbl, 67108864) in lat) ? 67108864 : lat_max[run, tbl]
	dram = lat[run, tbl, big]
	c_dram = "ns; " cite(lat_line[run, tbl, big], lat_text[run, tbl, big]) " (" (big >= 1048576 ? big / 1048576 " MiB" : big / 1024 " KiB") ", " pages ", single random read)"
	if (big != 67108864) c_dram = c_dram " (the table stops there: it has no 64 MiB row)"
	if (tbl == "huge") {
		c_dram = c_dram ": huge pages because a URB buffer is streamed through few pages (the kernel maps its memory in large blocks), so its misses pay DRAM, not page walks"
		if ((run, "4k", big) in lat) c_dram = c_dram "; the 4 KiB-page row says " lat[run, "4k", big] " ns (LOG line " lat_line[run, "4k", big] ")"
	} else if (tbl == "4k") {
		c_dram = c_dram ": the log has no huge-page table, and this row includes the page walks of 4 KiB pages that a URB buffer, streamed through few pages, mostly does not pay (an overestimate)"
	} else {
		c_dram = c_dram ": the table has no MADV_ tag (tinymembench asked for no page size), so how much of it is page walks, which a URB buffer streamed through few pages mostly does not pay, depends on the kernel's transparent huge pages"
	}

	# Misses in flight: the dual random read of the same row makes two
	# independent accesses at a time, which serially would take 2 x single
	rowname = big >= 1048576 ? big / 1048576 " MiB" : big / 1024 " KiB"
	if (!((run, tbl, big) in lat2))
		fail("no dual random read on LOG line " lat_line[run, tbl, big] " (the " rowname " row of the latency table of the tinymembench run on " ran_on ", LOG line " run_line[run] "), which gives only a single one: miss_overlap is 2 x single / dual")
	dual = lat2[run, tbl, big]
	if (dram + 0 <= 0 || dual + 0 <= 0)
		fail("LOG line " lat_line[run, tbl, big] ", the " rowname " row of the latency table of the tinymembench run on " ran_on ", says " dram " ns / " dual " ns: no miss_overlap (2 x single / dual) from a zero latency")
	ov = sprintf("%.2f", 2 * dram / dual)
	ov_clamp = ""
	if (ov + 0 > 2) { ov_clamp = ", CLAMPED to 2.00: two chains show at most two accesses in flight"; ov = "2.00" }
	else if (ov + 0 < 1) { ov_clamp = ", CLAMPED to 1.00: a dual random read slower than two single ones shows no overlap"; ov = "1.00" }
	c_ov = "DRAM accesses in flight; DERIVED from " cite(lat_line[run, tbl, big], lat2_text[run, tbl, big]) " (dram_ns's row, " rowname ", " pages ": single / dual random read; a dual random read makes two independent accesses at a time, so serial ones would take 2 x single): 2 x " dram " / " dual " = " sprintf("%.2f", 2 * dram / dual) ov_clamp "; range 1.0-" ov ": 1.0 serial (every uncached load waits for the one before), " ov " what the log shows for two chains"

	c_stream = "MB/s of bytes copied; " cite(mc_line[run], mc_text[run]) " (tinymembench's \"" mc_what[run] "\" on " ran_on ")"
	dramc = int(dram * ghz + 0.5)

	# The header, in the rk3399 files' layout
	what = soc != "" ? soc : board != "" ? board : "A board"
	print wrap(what ", its " cl_name[sel] " cluster (the log's " span(sel) ").", "# ", "# ")
	print "# One parameter a line: key = value, then its unit and source. Generated by"
	print "# model/from-log from an sbc-bench log; LOG line N is the line of the log a value"
	print "# came from. Sources:"
	src = ENVIRON["FROM_LOG_SOURCE"]
	print wrap(src != "" ? src : logname, "#   LOG   ", "#         ")
	if (kernel == "") kernel = kernel2
	print wrap("(" (board != "" ? board ", " : "") (kernel != "" ? "Linux " kernel ", " : "") "sbc-bench " bench ", tinymembench " run_ver[run] " run on " ran_on_q " (LOG line " run_line[run] (run_note[run] != "" ? ": " run_note[run] : "") "); its latencies are extra time over an L1 hit)", "#         ", "#         ")
	print wrap((d_known ? d_trm : "the core's Technical Reference Manual") ": the defaults of the values marked ASSUMPTION, which the log does not give; check them against the SoC's device tree and the TRM before trusting the model's figures", "#   TRM   ", "#         ")
	print wrap("The cluster: " why "." (more_runs ? " The file holds " more_runs + 1 " sbc-bench runs: this is the first, lines 1-" end_first "." : ""), "# ", "# ")

	if (pname == "") {
		pname = soc
		sub(/\/.*/, "", pname)
		n = split(pname, p, " ")
		pname = n ? p[n] : "board"
		c = tolower(cl_name[sel]); sub(/^cortex-/, "", c)
		pname = tolower(pname) "-" c
		gsub(/[^a-z0-9._-]/, "-", pname)
		pname = substr(pname, 1, 63)
	}
	param("name", pname, "")
	param("cpu_ghz", ghz, c_ghz)
	param("cpi", "1.0", "cycles/instruction; ASSUMPTION, range 0.5-2.0: no published figure for kernel code" \
		(tolower(cl_name[sel]) ~ /^cortex-a5[35]$/ ? "" : " (an out-of-order core likely does better: instruction-bound windows are pessimistic here)"))
	param("line_bytes", 64, "bytes; ASSUMPTION, range 32-128: the log gives no line size; 64 on every Cortex-A core from the A53 on")
	param("l1d_kib", l1, c_l1)
	param("l1d_ways", l1w, c_l1w)
	param("l2_kib", l2, c_l2)
	param("l2_ways", l2w, c_l2w)
	param("l2_hit_cycles", l2c, c_l2c)
	param("dram_ns", dram, c_dram)
	param("miss_overlap", ov, c_ov)
	param("stream_mb_s", mc[run], c_stream)
	param("prefetch_lines", 4, "lines; ASSUMPTION, range 1-16: no sbc-bench figure gives a prefetch distance, and the TRMs document the prefetcher but not its default distance")
	param("prefetch_streams", 4, "streams; ASSUMPTION, range 2-16: no published number of streams tracked; at least the two of a copy (its source and destination), without which the log's memcpy could not reach its bandwidth")
	param("dc_line_cycles", l2c, "cycles per DC by VA; ASSUMPTION (no published figure), range " l2c "-" dramc ": one access to the next level (l2_hit_cycles); at most a DRAM round trip (dram_ns x cpu_ghz)")
}

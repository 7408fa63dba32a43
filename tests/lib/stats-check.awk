# Read a stream's debugfs statistics in a loop until the file STOP exists,
# and check every stats_raw snapshot for consistency (tests/guest/robust/
# stats-consistency.t). One awk process opens the files again and again:
# no fork per read, so reads come close together and land inside the
# driver's updates.
#   awk -v raw=DIR/stats_raw -v text=DIR/stats -v stop=FILE [-v ready=FILE] \
#       -f stats-check.awk
# ready, if given, is created after the first whole snapshot: a test that
# waits for it knows the reader runs before it changes the stream.
# A snapshot is inconsistent when, for a timed interval, a count of 0 comes
# with a non-zero sum, min is above max, or the sum lies outside
# count*min..count*max; or when a stopped stream copied bytes without a
# timed URB or decode (with timing on, every copy is timed), or counted
# frames without copying a byte.
# Prints "BAD reason: snapshot" for the first 20 inconsistent snapshots,
# then one line:
#   snapshots N streaming N stopped N gone N texts N bad N
# (gone: reads that found no file, or a file cut short by its removal).

function check(    t, c, s, q, mn, mx) {
	for (t = 1; t <= 6; t++) {
		c = v[timers[t] "_count"] + 0; s = v[timers[t] "_sum_ns"] + 0
		q = v[timers[t] "_sumsq_ns2"] + 0
		mn = v[timers[t] "_min_ns"] + 0; mx = v[timers[t] "_max_ns"] + 0
		if (c == 0 && (s > 0 || q > 0)) return "count 0 with non-zero sum (" timers[t] ")"
		if (c > 0 && mn > mx) return "min above max (" timers[t] ")"
		if (c > 0 && (s < c * mn || s > c * mx)) return "sum outside count*min..count*max (" timers[t] ")"
	}
	if (v["streaming"] == 0 && v["bytes"] > 0 && (v["urb_count"] == 0 || v["decode_count"] == 0))
		return "bytes without URBs (stopped stream)"
	# The stream's counters and the URBs' are two copies: a STREAMON
	# between them must not pair a finished stream's frames with cleared
	# URB counters.
	if (v["streaming"] == 0 && v["frames"] > 0 && v["bytes"] == 0)
		return "frames without bytes (stopped stream)"
	return ""
}

BEGIN {
	required = "version mode streaming frames bytes"
	n = split(required, req, " ")
	split("urb header latency decode sync_cpu sync_device", timers, " ")
	split("count sum_ns sumsq_ns2 min_ns max_ns", fields, " ")
	while ((getline line < stop) < 0) {
		close(stop)
		delete v
		lines = 0
		while ((getline line < raw) > 0) {
			eq = index(line, "=")
			if (eq) { v[substr(line, 1, eq - 1)] = substr(line, eq + 1); lines++ }
		}
		close(raw)
		if (lines == 0) { gone++; continue }
		# A read cut short (the file removed by an unplug between two
		# read() calls) is not a snapshot: every key, every value whole.
		complete = 1
		for (i = 1; i <= n; i++) if (!(req[i] in v)) complete = 0
		for (t = 1; t <= 6; t++)
			for (f = 1; f <= 5; f++)
				if (!((timers[t] "_" fields[f]) in v)) complete = 0
		for (k in v) if (k != "mode" && v[k] !~ /^[0-9]+$/) complete = 0
		if (!complete) { gone++; continue }
		snapshots++
		if (snapshots == 1 && ready != "") { printf "" > ready; close(ready) }
		if (v["streaming"] == 1) streaming++; else stopped++
		reason = check()
		if (reason != "") {
			bad++
			if (bad <= 20) {
				snap = ""
				for (k in v) snap = snap " " k "=" v[k]
				print "BAD " reason ":" snap
			}
		}
		# The text file is rendered from its own snapshot: read it too
		# (its code path runs concurrently with the stream as well).
		tl = 0
		while ((getline line < text) > 0) tl++
		close(text)
		if (tl > 0) texts++
	}
	close(stop)
	printf "snapshots %d streaming %d stopped %d gone %d texts %d bad %d\n", \
		snapshots, streaming, stopped, gone, texts, bad
}

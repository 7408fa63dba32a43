# samples-table.awk (after csv.awk; -v mode=NAME -v out=FILE): one
# samples-<mode>.csv (one row per URB, empty field = interval not
# observed) to a TSV for gnuplot: seq, then urb, header, latency, decode,
# sync for cpu, sync for device in us (NaN when not observed). Prints
# "DECODES URBS" (how many URBs have each time) for the legends.
function fail(msg) { print msg > "/dev/stderr"; bad = 1; exit 4 }
function us(x) { return x == "" ? "NaN" : sprintf("%.3f", x / 1000) }
BEGIN {
	want = "session,stream,mode,urb,seq,complete_ns,urb_ns,header_ns,latency_ns,decode_ns,sync_cpu_ns,sync_device_ns,bytes"
	nf = split(want, names, ",")
	for (i = 1; i <= nf; i++) col[names[i]] = i
}
{ sub(/\r$/, "") }
NR == 1 { if ($0 != want) fail("header is not " want); next }
{
	if (split_csv($0, f) != nf) fail("line " NR ": " nf " fields expected")
	if (f[col["mode"]] != mode) fail("line " NR ": mode '" f[col["mode"]] "', expected '" mode "'")
	if (f[col["seq"]] !~ /^[0-9]+$/) fail("line " NR ": seq '" f[col["seq"]] "' is not a number")
	for (i = 7; i <= 12; i++)
		if (f[i] != "" && f[i] !~ /^[0-9]+$/) fail("line " NR ": " names[i] " '" f[i] "' is not a number of ns")
	print f[col["seq"]] "\t" us(f[col["urb_ns"]]) "\t" us(f[col["header_ns"]]) "\t" us(f[col["latency_ns"]]) "\t" \
		us(f[col["decode_ns"]]) "\t" us(f[col["sync_cpu_ns"]]) "\t" us(f[col["sync_device_ns"]]) > out
	rows++
	if (f[col["decode_ns"]] != "") decodes++
	if (f[col["urb_ns"]] != "") urbs++
}
END {
	if (bad) exit 4
	if (NR == 0) fail("empty file")
	if (rows == 0) fail("no samples (header only)")
	if (decodes == 0) fail("no decode_ns values")
	if (urbs == 0) fail("no urb_ns values")
	print decodes + 0, urbs + 0
}

# awk -v cap=CAP -f tests/lib/losses.awk VCAM_ERR VERIFY_OUT
# prints "F O": the frames of a capture that vcam-verify found missing
# (VERIFY_OUT: its -v output, one "vcam-verify: N dropped before seq S"
# line a gap), F booked to an injected fault, O to any other cause.
# VCAM_ERR is vcam's stderr, one "vcam: frame SEQ faulty" line a faulty
# frame. A fault may cost at most CAP frames, its own and the CAP - 1 after
# it (tests/lib/hostile-lib.sh, hostile_loss_cap, derives CAP per fault):
# missing frame s is the fault's when a faulty frame f has
# f <= s <= f + CAP - 1, another cause's otherwise. Each missing frame is
# booked on its own, so a loss next to a faulty frame's gap is not merged
# into it.
BEGIN {
	if (cap !~ /^[0-9]+$/) {
		print "losses.awk: cap '" cap "' is not a whole number" > "/dev/stderr"
		bad_cap = 1
		exit 2
	}
}
FNR == NR {
	if ($1 == "vcam:" && $2 == "frame" && $4 == "faulty")
		bad[$3] = 1
	next
}
$1 == "vcam-verify:" && $3 == "dropped" && $4 == "before" && $5 == "seq" {
	for (s = $6 - $2; s < $6; s++) {
		hit = 0
		for (f = s - cap + 1; f <= s; f++)
			if (f in bad)
				hit = 1
		if (hit)
			fault++
		else
			other++
	}
}
END {
	if (bad_cap)
		exit 2
	print fault + 0, other + 0
}

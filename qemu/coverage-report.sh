#!/usr/bin/env bash
# The text half of make coverage's report (qemu/coverage.sh), in Markdown
# on stdout: per source file, the lines, functions and branches the tests
# executed (from an lcov tracefile), then the lines the series adds or
# changes (the added lines of its diff) that the compiler made executable,
# with each one the tests never ran. Also writes SERIES_LINES: one line
# per executable added line, "path:line count source".
#
# usage: qemu/coverage-report.sh INFO SERIES_DIFF TREE RELEASE GUESTS TESTS_STATUS SERIES_LINES
set -euo pipefail
[ $# -eq 7 ] || { echo "usage: ${0##*/} INFO SERIES_DIFF TREE RELEASE GUESTS TESTS_STATUS SERIES_LINES" >&2; exit 2; }
info=$1 diff=$2 tree=$3 release=$4 guests=$5 tests_status=$6 series_lines=$7
for f in "$info" "$diff"; do
	[ -r "$f" ] || { echo "${0##*/}: cannot read $f" >&2; exit 2; }
done

awk -v tree="$tree/" -v release="$release" -v guests="$guests" \
	-v tests_status="$tests_status" -v series_lines="$series_lines" '
	function pct(hit, found) { return found ? sprintf("%.1f %%", 100 * hit / found) : "-" }
	function cell(hit, found) { return sprintf("%d / %d (%s)", hit, found, pct(hit, found)) }
	# The tracefile (geninfo(1)): SF opens a file, DA:line,count, the
	# totals LF/LH, FNF/FNH, BRF/BRH, end_of_record closes it.
	FNR == NR {
		if (sub(/^SF:/, "")) { sf = $0; sub("^" tree, "", sf); files[++nfiles] = sf; next }
		if (sub(/^DA:/, "")) { split($0, d, ","); count[sf, d[1]] = d[2]; next }
		if (split($0, kv, ":") == 2 && kv[1] ~ /^(LF|LH|FNF|FNH|BRF|BRH)$/) { tot[sf, kv[1]] = kv[2] }
		next
	}
	# The series diff (git diff -U0): the added lines and their numbers.
	/^\+\+\+ / { path = substr($2, 3); next }
	/^@@ / {
		split($3, r, ",")
		line = substr(r[1], 2) + 0
		next
	}
	/^\+/ {
		if (!((path, line) in count)) { line++; next }
		n = ++added[path]
		text = substr($0, 2)
		gsub(/^[ \t]+/, "", text)
		printf "%s:%d %d %s\n", path, line, count[path, line], text >series_lines
		if (count[path, line] > 0) ran[path]++
		else missed[path] = missed[path] sprintf("    %d: %s\n", line, text)
		line++
		next
	}
	END {
		printf "# Coverage of %s\n\n", release
		printf "%d guests of the tests on the coverage kernel (make coverage); the tests %s.\n", guests,
			tests_status == 0 ? "passed" : "FAILED (exit " tests_status "): these are the figures of a failing run"
		printf "Guest code under QEMU TCG: which lines ran, not how fast.\n\n"
		print "| file | lines | functions | branches |"
		print "|---|---|---|---|"
		for (i = 1; i <= nfiles; i++) {
			f = files[i]
			printf "| %s | %s | %s | %s |\n", f, cell(tot[f, "LH"], tot[f, "LF"]),
				cell(tot[f, "FNH"], tot[f, "FNF"]), cell(tot[f, "BRH"], tot[f, "BRF"])
			sum["LH"] += tot[f, "LH"]; sum["LF"] += tot[f, "LF"]
			sum["FNH"] += tot[f, "FNH"]; sum["FNF"] += tot[f, "FNF"]
			sum["BRH"] += tot[f, "BRH"]; sum["BRF"] += tot[f, "BRF"]
		}
		printf "| all | %s | %s | %s |\n\n", cell(sum["LH"], sum["LF"]),
			cell(sum["FNH"], sum["FNF"]), cell(sum["BRH"], sum["BRF"])
		print "## The lines the series adds or changes"
		print ""
		print "The added lines of the series diff that the compiler made executable (lines"
		print "gcov counts), per file; each one never executed follows its file."
		print ""
		print "| file | executable added lines | executed |"
		print "|---|---|---|"
		for (p in added) {
			all_added += added[p]; all_ran += ran[p]
			printf "| %s | %d | %s |\n", p, added[p], cell(ran[p], added[p])
		}
		printf "| all | %d | %s |\n", all_added, cell(all_ran, all_added)
		for (p in missed) printf "\nNever executed in %s:\n\n%s", p, missed[p]
	}
' "$info" "$diff"

#!/usr/bin/env bash
# make help: the table of docs/targets.md (the one description of each
# target) as plain text: "make TARGET" and what it does, wrapped, with the
# page to read next; then the paragraph on the variables every target
# takes. Backquotes go, a Markdown link keeps its text, and the "more"
# column's links become paths from the top of the clone.
#
# usage: qemu/make-help.sh [TARGETS.md]   (default docs/targets.md)
set -euo pipefail
doc=${1:-$(dirname "$0")/../docs/targets.md}
[ -r "$doc" ] || { echo "${0##*/}: cannot read $doc" >&2; exit 2; }
awk -v width="${HELP_WIDTH:-110}" '
	function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
	# Markdown to text: [text](link) -> text, no backquotes
	function plain(s) {
		while (match(s, /\[[^]]*\]\([^)]*\)/)) {
			t = substr(s, RSTART + 1, RLENGTH)
			sub(/\].*/, "", t)
			s = substr(s, 1, RSTART - 1) t substr(s, RSTART + RLENGTH)
		}
		gsub(/`/, "", s)
		return s
	}
	# the links of a "more" cell as paths from the top: docs/ pages are
	# linked from docs/, so "x.md" is docs/x.md and "../y" is y
	function paths(s,    out, l) {
		out = ""
		while (match(s, /\]\([^)]*\)/)) {
			l = substr(s, RSTART + 2, RLENGTH - 3)
			s = substr(s, RSTART + RLENGTH)
			if (l ~ /^\.\.\//) l = substr(l, 4); else l = "docs/" l
			out = out (out == "" ? "" : ", ") l
		}
		return out
	}
	# print HEAD then TEXT wrapped at width, continuation lines indented
	function wrapped(head, text,    n, w, i, line, words) {
		line = length(head) > 15 ? head "  " : sprintf("%-16s", head)
		words = 0
		n = split(text, w, / +/)
		for (i = 1; i <= n; i++) {
			if (words > 0 && length(line) + length(w[i]) > width) {
				sub(/ +$/, "", line)
				print line
				line = sprintf("%16s", "")
				words = 0
			}
			line = line w[i] " "
			words++
		}
		sub(/ +$/, "", line)
		print line
	}
	/^\| command \|/ { table = 1; next }
	table && /^\|---/ { next }
	table && /^\|/ {
		n = split($0, c, "|")
		cmd = trim(plain(c[2])); what = trim(plain(c[3])); more = paths(c[4])
		wrapped(cmd, what (more == "" ? "" : " (" more ")"))
		next
	}
	table && !/^\|/ { table = 0; after = 1 }
	after && /^Variables/ { vars = 1 }
	vars && /^$/ { vars = 0 }
	vars { text = text " " $0 }
	END { if (text != "") { print ""; wrapped("", trim(plain(text))) } }
' "$doc"

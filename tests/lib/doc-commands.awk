# doc-commands.awk FILE...: the shell commands a Markdown page quotes, one
# per line as "FILE:LINE<TAB>COMMAND": each line of a code block (fenced,
# or indented four spaces after a blank line, not a list's continuation),
# and each inline code span that starts with make or a path of the clone.
# A line ending in a backslash is joined with the next; a "# comment"
# after two spaces is dropped, runs of blanks become one.
function emit(line) {
	sub(/  +# .*$/, "", line)
	gsub(/[ \t]+/, " ", line)
	sub(/^[ \t]+/, "", line)
	sub(/[ \t]+$/, "", line)
	if (line != "") printf "%s:%d\t%s\n", FILENAME, start, line
}
FNR == 1 { fence = 0; indented = 0; blank = 1; pending = "" }
/^```/ { fence = !fence; blank = 0; next }
{
	code = fence || (/^    +[^ ]/ && (blank || indented))
	indented = code && !fence
	if (!code) blank = ($0 ~ /^[ \t]*$/)
}
code {
	line = $0
	if (pending == "") start = FNR
	if (line ~ /\\$/) { sub(/\\$/, "", line); pending = pending line " "; next }
	emit(pending line); pending = ""
	blank = 0
	next
}
{
	s = $0
	while (match(s, /`[^`]+`/)) {
		c = substr(s, RSTART + 1, RLENGTH - 2)
		s = substr(s, RSTART + RLENGTH)
		if (c ~ /^([A-Z_]+=[^ ]* )*(make( |$)|(tests|qemu|tools|patches|bench|bpf|plots|model|kmod)\/[^ ]* )/) {
			start = FNR
			emit(c)
		}
	}
}

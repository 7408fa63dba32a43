# shellcheck shell=bash
# doc_command_check TOP PAGE COMMAND: succeeds when COMMAND, quoted in PAGE
# of the clone at TOP, does what a reader would try: a make command passes
# 'make -n' at the top, or in the page's folder when that has a Makefile of
# its own (tools/vcam/README.md's 'make unit') (placeholders filled in),
# a script of the clone exists and is executable ('--help' is run), and
# every path of the clone it names exists (of a path after -o, the file a
# command writes, its folder). Prints the reason when not.
# Returns 2 for a command that is not the clone's to check (a board's or
# the kernel tree's, listed in doc_command_elsewhere).
#
# Commands run elsewhere, each with where: a quoted command that starts
# with one of these is not checked.
doc_command_elsewhere=(
	"make ARCH=" # in a kernel tree (docs/hardware.md)
)

# the clone's top-level folders a command may name
doc_clone_dirs='tests|qemu|tools|patches|bench|bpf|plots|model|kmod|docs'

doc_command_check() {
	local top=$1 page=$2 cmd=$3 e w prog path dir prev out
	local -a words env_vars args
	for e in "${doc_command_elsewhere[@]}"; do
		[[ $cmd != "$e"* ]] || return 2
	done
	# optional parts and placeholders: [X=1] dropped, N is 1, dir a folder
	# shellcheck disable=SC2016 # sed's own $ (end of line, a literal $PWD)
	cmd=$(sed -E 's/ \[[^]]*\]//g; s/=N( |$)/=1\1/g; s/=(dir|DIR)( |$)/=results\2/g; s/ [A-Z_]+=<[^>]*>//g; s#/path/to/uvcdma/#./#g; s#\$PWD#'"$top"'/build/doc-commands#g' <<<"$cmd")
	[[ $cmd != *"..."* ]] || return 2
	# words as the shell splits them, quotes honoured, nothing expanded
	mapfile -t words < <(xargs printf '%s\n' <<<"$cmd" 2>/dev/null)
	env_vars=()
	while [ "${#words[@]}" -gt 0 ] && [[ ${words[0]} =~ ^[A-Z_][A-Z0-9_]*= ]]; do
		env_vars+=("${words[0]}")
		words=("${words[@]:1}")
	done
	[ "${#words[@]}" -gt 0 ] || return 2
	prog=${words[0]}
	args=("${words[@]:1}")
	# every path of the clone it names (the first word included); one after
	# -o is what the command writes, so only its folder must exist
	prev=""
	for w in "${words[@]}"; do
		path=${w#./}
		path=${path%%[,;)]*}
		out=$prev
		prev=$w
		[[ $path =~ ^($doc_clone_dirs)/ ]] || continue
		[[ $path != *'*'* ]] || continue
		if [ "$out" = -o ]; then
			[ -d "$top/${path%/*}" ] || { echo "no folder ${path%/*} in the clone"; return 1; }
			continue
		fi
		[ -e "$top/$path" ] || { echo "no $path in the clone"; return 1; }
	done
	case $prog in
	make)
		dir=$top
		[ ! -r "$top/${page%/*}/Makefile" ] || [[ $page != */* ]] || dir=$top/${page%/*}
		if ! (cd "$top" && timeout 60 env "${env_vars[@]}" make -n -s "${args[@]}" >/dev/null 2>"$top/build/doc-commands.err") &&
			! (cd "$dir" && timeout 60 env "${env_vars[@]}" make -n -s "${args[@]}" >/dev/null 2>>"$top/build/doc-commands.err"); then
			echo "make -n fails: $(head -n 3 "$top/build/doc-commands.err" | paste -sd' ')"
			return 1
		fi
		;;
	./* | */*)
		prog=${prog#./}
		[[ $prog =~ ^($doc_clone_dirs)/ ]] || return 2
		[ -x "$top/$prog" ] || { echo "$prog is not executable"; return 1; }
		if [ "${args[*]}" = --help ]; then
			(cd "$top" && timeout 20 "./$prog" --help >/dev/null 2>&1) ||
				{ echo "$prog --help fails"; return 1; }
		fi
		;;
	*) return 2 ;;
	esac
	return 0
}

#!/usr/bin/env bash
# Verify that every option a Kconfig fragment asks for survived in a final
# .config: merge_config.sh only warns when Kconfig drops a request (unmet
# dependency, wrong type), and a silently missing option wastes a 7-minute
# build and a debugging session in the guest.
#
# The fragments serve every kernel base; an option that a later base
# removed from Kconfig altogether (DMA_API_DEBUG_SG in 7.3, whose checks
# always run there) cannot be set. Given the TREE, such an option gets a
# note naming it instead of a failure.
#
# usage: check-config.sh FRAGMENT DOTCONFIG [TREE]
# Prints one line per dropped or altered option; exits 1 if there is any.
set -euo pipefail

[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: ${0##*/} FRAGMENT DOTCONFIG [TREE]" >&2; exit 2; }
fragment=$1 dotconfig=$2 tree=${3:-}
for f in "$fragment" "$dotconfig"; do
	[ -r "$f" ] || { echo "${0##*/}: cannot read $f" >&2; exit 2; }
done

# kconfig_defines NAME: TREE's Kconfig files define CONFIG_NAME.
kconfig_defines() {
	grep -rqsE --include='Kconfig*' "^[[:space:]]*(menu)?config[[:space:]]+${1#CONFIG_}[[:space:]]*$" "$tree"
}

bad=0
while IFS=$'\t' read -r name message; do
	if [ -n "$tree" ] && ! kconfig_defines "$name"; then
		echo "note: $name is not in the Kconfig of $tree: not checked"
		continue
	fi
	echo "$message"
	bad=1
done < <(awk '
	# Requests: CONFIG_X=val, or "# CONFIG_X is not set" (= n).
	function request(line,    name, val) {
		if (match(line, /^CONFIG_[A-Za-z0-9_]+=/)) {
			name = substr(line, 1, RLENGTH - 1)
			val = substr(line, RLENGTH + 1)
		} else if (match(line, /^# CONFIG_[A-Za-z0-9_]+ is not set/)) {
			name = substr(line, 3, RLENGTH - 13)
			val = "n"
		} else {
			return ""
		}
		return name SUBSEP val
	}
	FNR == 1 { file++ }
	{
		r = request($0)
		if (r == "") next
		split(r, kv, SUBSEP)
		if (file == 1) {
			# A later request for the same option overrides an earlier one.
			if (!(kv[1] in want)) order[++n] = kv[1]
			want[kv[1]] = kv[2]
		}
		else have[kv[1]] = kv[2]
	}
	END {
		bad = 0
		for (i = 1; i <= n; i++) {
			name = order[i]
			got = (name in have) ? have[name] : "n"
			if (got != want[name]) {
				printf "%s\t%s: requested %s, got %s\n", name, name, want[name], \
					(name in have) ? got : "unset"
			}
		}
	}
' "$fragment" "$dotconfig")
exit "$bad"

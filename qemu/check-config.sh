#!/usr/bin/env bash
# Verify that every option a Kconfig fragment asks for survived in a final
# .config: merge_config.sh only warns when Kconfig drops a request (unmet
# dependency, wrong type), and a silently missing option wastes a 7-minute
# build and a debugging session in the guest.
#
# usage: check-config.sh FRAGMENT DOTCONFIG
# Prints one line per dropped or altered option; exits 1 if there is any.
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: ${0##*/} FRAGMENT DOTCONFIG" >&2; exit 2; }
fragment=$1 dotconfig=$2
for f in "$fragment" "$dotconfig"; do
	[ -r "$f" ] || { echo "${0##*/}: cannot read $f" >&2; exit 2; }
done

awk '
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
				printf "%s: requested %s, got %s\n", name, want[name], \
					(name in have) ? got : "unset"
				bad = 1
			}
		}
		exit bad
	}
' "$fragment" "$dotconfig"

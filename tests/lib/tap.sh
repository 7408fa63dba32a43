# shellcheck shell=bash
# Minimal TAP producer for the project's shell tests, read by prove.
#   plan N; ok COND-STATUS "name"; is GOT WANT "name"; like TEXT REGEX "name"
#   diag "text"; skip_all "reason"; skip "name" "reason"; done_testing
# Under UVCDMA_STRICT=1 ('make check', CI) a skip (skip_all, skip) fails:
# every skip here is for want of something the lab builds or installs, and
# there the lab is meant to provide it.

_tap_n=0
_tap_failed=0

# plan N: the plan, before the first test.
plan() { echo "1..$1"; _tap_planned=$1; }

skip_all() {
	if [ "${UVCDMA_STRICT:-0}" = 1 ]; then
		echo "1..1"
		echo "not ok 1 - the lab provides what this test needs (UVCDMA_STRICT=1): $*"
		exit 1
	fi
	echo "1..0 # SKIP $*"
	exit 0
}

# skip NAME REASON: one test skipped, for want of something the lab
# provides (a failure under UVCDMA_STRICT=1).
skip() {
	if [ "${UVCDMA_STRICT:-0}" = 1 ]; then
		_tap_result 0 "$1 (skipped: $2; the lab provides it under UVCDMA_STRICT=1)"
	else
		_tap_n=$((_tap_n + 1))
		echo "ok $_tap_n - $1 # SKIP $2"
	fi
}

diag() { printf '%s\n' "$@" | sed 's/^/# /'; }

_tap_result() { # _tap_result PASSED NAME
	_tap_n=$((_tap_n + 1))
	if [ "$1" = 1 ]; then
		echo "ok $_tap_n - $2"
	else
		echo "not ok $_tap_n - $2"
		_tap_failed=$((_tap_failed + 1))
	fi
}

# ok STATUS NAME: passes when STATUS (an exit status) is 0.
ok() {
	if [ "$1" -eq 0 ]; then _tap_result 1 "$2"; else _tap_result 0 "$2"; fi
}

is() {
	if [ "$1" = "$2" ]; then
		_tap_result 1 "$3"
	else
		_tap_result 0 "$3"
		diag "got:      '$1'" "expected: '$2'"
	fi
}

like() {
	# A here-string, not a pipe: grep -q exits at the first match and
	# under pipefail the writer's SIGPIPE would turn a match into a miss.
	if grep -Eq -- "$2" <<<"$1"; then
		_tap_result 1 "$3"
	else
		_tap_result 0 "$3"
		diag "text does not match /$2/:" "$(head -n 20 <<<"$1")"
	fi
}

unlike() {
	if grep -Eq -- "$2" <<<"$1"; then
		_tap_result 0 "$3"
		diag "text matches /$2/ but should not:" "$(grep -E -- "$2" <<<"$1" | head -n 5)"
	else
		_tap_result 1 "$3"
	fi
}

# done_testing: the plan, when none was given; fails when a test failed,
# or when the tests that ran are not as many as planned (said in a
# diagnostic too: prove sees it, a caller that reads only the exit status,
# e.g. a lab test of a guest's TAP, would not).
done_testing() {
	if [ -z "${_tap_planned:-}" ]; then
		echo "1..$_tap_n"
	elif [ "$_tap_n" -ne "$_tap_planned" ]; then
		diag "planned $_tap_planned tests, ran $_tap_n"
		return 1
	fi
	[ "$_tap_failed" -eq 0 ]
}

# check NAME CMD...: passes when CMD succeeds; its output is shown on failure.
check() {
	local name=$1 out st
	shift
	out=$("$@" 2>&1) && st=0 || st=$?
	ok "$st" "$name"
	[ "$st" -eq 0 ] || diag "$* exited with status $st" "$out"
}

# refute NAME CMD...: passes when CMD fails.
refute() {
	local name=$1
	shift
	if "$@" >/dev/null 2>&1; then ok 1 "$name"; else ok 0 "$name"; fi
}

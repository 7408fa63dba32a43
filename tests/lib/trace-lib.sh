# shellcheck shell=bash
# Helpers of the guest tests of bpf/ (sourced, in the guest, after tap.sh):
#   readme_blocks FILE HEADING     the indented blocks of FILE's "## HEADING"
#                                  section, NUL-terminated, indent removed
#   tracer_start NAME CMD          start CMD (a shell command line) in the
#                                  background, output in $TRACE_TMP/NAME.out
#   tracer_wait_ready PATTERN      wait until every tracer's output matches
#                                  PATTERN (its BEGIN ran: probes attached)
#   tracer_stop                    SIGINT every tracer, wait; sets
#                                  TRACER_STATUS[NAME]
#   hist_nonempty OUT MAP          OUT has "@MAP:" (MAP may be "name[key]")
#                                  followed by a bucket with a count > 0
#   count_nonempty OUT MAP         OUT has "@MAP: N" with N > 0
# The tracers' outputs are $TRACE_TMP/NAME.out (stdout and stderr).

TRACE_TMP=${TRACE_TMP:-$(mktemp -d)}
declare -A TRACER_PID=()
# shellcheck disable=SC2034 # read by the tests that source this file
declare -A TRACER_STATUS=()
TRACER_NAMES=()

readme_blocks() {
	awk -v want="## $2" '
		/^## / { in_section = ($0 == want); next }
		!in_section { next }
		/^    / { block = block substr($0, 5) "\n"; next }
		/^[[:space:]]*$/ { if (block != "") printf "%s%c", block, 0; block = ""; next }
		{ if (block != "") printf "%s%c", block, 0; block = "" }
		END { if (block != "") printf "%s%c", block, 0 }
	' "$1"
}

tracer_start() {
	local name=$1 cmd=$2
	# exec: $! is the tracer itself, so SIGINT reaches it (not a shell).
	(eval "exec $cmd") >"$TRACE_TMP/$name.out" 2>&1 &
	TRACER_PID[$name]=$!
	TRACER_NAMES+=("$name")
}

# tracer_wait_ready PATTERN [SECONDS]: default 600 s (bpftrace compiles
# each program with LLVM, slow under TCG, slower with several at once).
# Fails, naming them, if some tracer died or timed out.
tracer_wait_ready() {
	local name i st=0
	for name in "${TRACER_NAMES[@]}"; do
		for ((i = 0; i < ${2:-600} * 2; i++)); do
			grep -Eq -- "$1" "$TRACE_TMP/$name.out" && break
			kill -0 "${TRACER_PID[$name]}" 2>/dev/null || break
			sleep 0.5
		done
		grep -Eq -- "$1" "$TRACE_TMP/$name.out" || {
			diag "$name is not ready:" "$(cat "$TRACE_TMP/$name.out")"
			st=1
		}
	done
	return "$st"
}

# tracer_stop [SECONDS]: SIGINT (Ctrl-C) every tracer; one still running
# after SECONDS (default 120) is killed (status 137), so a hung tracer
# fails its test instead of hanging the guest.
# shellcheck disable=SC2034 # TRACER_STATUS is read by the tests
tracer_stop() {
	local name i
	for name in "${TRACER_NAMES[@]}"; do
		kill -INT "${TRACER_PID[$name]}" 2>/dev/null || true
	done
	for name in "${TRACER_NAMES[@]}"; do
		for ((i = 0; i < ${1:-120} * 2; i++)); do
			kill -0 "${TRACER_PID[$name]}" 2>/dev/null || break
			# bpftrace 0.17 misses a SIGINT that does not interrupt
			# its epoll_wait() (bench/guest/bpf-kit.sh): say it again.
			[ $((i % 60)) -ne 59 ] || kill -INT "${TRACER_PID[$name]}" 2>/dev/null || true
			sleep 0.5
		done
		kill -KILL "${TRACER_PID[$name]}" 2>/dev/null || true
		TRACER_STATUS[$name]=0
		wait "${TRACER_PID[$name]}" || TRACER_STATUS[$name]=$?
	done
}

hist_nonempty() {
	awk -v head="@$2:" '
		$0 == head || $0 == head " " { inside = 1; next }
		inside && /^$/ { inside = 0 }
		inside && /^\[/ && / [1-9][0-9]* \|/ { found = 1 }
		END { exit !found }
	' <<<"$1"
}

count_nonempty() {
	awk -v head="@$2:" '
		index($0, head " ") == 1 && $NF ~ /^[1-9][0-9]*$/ { found = 1 }
		END { exit !found }
	' <<<"$1"
}

#!/bin/bash
# The bpftrace kit's run, for bench/guest/main-job.sh (and its host test):
# start every script at once, capture, stop them so that they print their
# maps, and say which did not end well. The caller defines
# progress MESSAGE... and capture MODE REPORT (one stream in MODE).
# BPF_STOP_WAIT_S: how long a script may take to end after each signal
# (default 60).

# bpf_hang_report PID: where a bpftrace that ignores SIGINT is stuck, each
# thread's state, kernel wait channel, stack and system call, so that a hang
# that cannot be reproduced at will still says whether it is bpftrace's or
# the kernel's.
bpf_hang_report() {
	local pid=$1 t
	echo "pid $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)"
	grep -E '^(State|Threads|SigPnd|ShdPnd|SigBlk|SigCgt):' "/proc/$pid/status" 2>/dev/null
	for t in /proc/"$pid"/task/*; do
		echo "-- thread ${t##*/} $(cat "$t/comm" 2>/dev/null): state $(awk '{ print $3 }' "$t/stat" 2>/dev/null)," \
			"wchan $(cat "$t/wchan" 2>/dev/null), syscall $(cat "$t/syscall" 2>/dev/null)"
		cat "$t/stack" 2>/dev/null
	done
}

# bpf_run OUT NAME... -- MODE...: start bpf/NAME.bt for each NAME at once,
# capture one stream a mode (return 1 if one fails), stop them with SIGINT (they print their maps)
# and leave OUT/NAME.txt, OUT/NAME.err when one failed or never ended
# (OUT/NAME.hang: bpf_hang_report), OUT/NAME.warnings when it ended well but
# wrote to stderr.
bpf_run() {
	local out=$1 name mode pids=() names=() i j sig failed=0
	shift
	while [ "$1" != -- ]; do
		names+=("$1")
		shift
	done
	shift
	for name in "${names[@]}"; do
		rm -f "$out/$name.err" "$out/$name.warnings"
		bpftrace "bpf/$name.bt" >"$out/$name.txt" 2>"$out/$name.err" &
		pids+=($!)
	done
	# bpftrace prints its banner once the probes are attached (or dies)
	for ((j = 0; j < ${#pids[@]}; j++)); do
		for ((i = 0; i < 1200; i++)); do
			grep -q 'Tracing' "$out/${names[j]}.txt" 2>/dev/null && break
			kill -0 "${pids[j]}" 2>/dev/null || break
			sleep 0.1
		done
	done
	progress "bpf: ${#pids[@]} scripts started"
	for mode in "$@"; do
		progress "bpf: $mode: one stream"
		capture "$mode" "$out/run-$mode.txt" || {
			progress "bpf: $mode: the capture failed"
			failed=1
			break
		}
	done
	kill -INT "${pids[@]}" 2>/dev/null || true
	for ((j = 0; j < ${#pids[@]}; j++)); do
		# A bpftrace that has not ended a minute after SIGINT never will:
		# say where it is, then SIGTERM (the same handler), then SIGKILL.
		for sig in TERM KILL; do
			for ((i = 0; i < ${BPF_STOP_WAIT_S:-60} * 10; i++)); do
				kill -0 "${pids[j]}" 2>/dev/null || break
				sleep 0.1
			done
			kill -0 "${pids[j]}" 2>/dev/null || break
			if [ "$sig" = TERM ]; then
				bpf_hang_report "${pids[j]}" >"$out/${names[j]}.hang"
				echo "bpf-kit.sh: ${names[j]}.bt did not end within ${BPF_STOP_WAIT_S:-60} s of SIGINT (where: ${names[j]}.hang)" \
					>>"$out/${names[j]}.err"
			fi
			echo "bpf-kit.sh: ${names[j]}.bt: SIG$sig" >>"$out/${names[j]}.err"
			kill -"$sig" "${pids[j]}" 2>/dev/null || true
		done
		if ! wait "${pids[j]}" || [ -e "$out/${names[j]}.hang" ]; then
			progress "bpf: WARNING: ${names[j]}.bt failed: $(head -n 1 "$out/${names[j]}.err")"
		elif [ -s "$out/${names[j]}.err" ]; then
			mv "$out/${names[j]}.err" "$out/${names[j]}.warnings"
		else
			rm -f "$out/${names[j]}.err"
		fi
	done
	return "$failed"
}

# bpf_kit_run OUT NAME... -- MODE...: bpf_run; a script that ignored the
# SIGINT runs again, once, with the first attempt's files kept as
# NAME.hang.1 and NAME.err.1. bpftrace 0.17 did that once in CI (not
# reproduced since, see README.md); a second hang is a failure.
bpf_kit_run() {
	local out=$1 names=() hung=() name
	shift
	while [ "$1" != -- ]; do
		names+=("$1")
		shift
	done
	shift
	bpf_run "$out" "${names[@]}" -- "$@" || return
	for name in "${names[@]}"; do
		if [ -e "$out/$name.hang" ]; then
			mv "$out/$name.hang" "$out/$name.hang.1"
			mv "$out/$name.err" "$out/$name.err.1"
			hung+=("$name")
		fi
	done
	[ ${#hung[@]} -eq 0 ] && return
	progress "bpf: again, after a hang: ${hung[*]}"
	bpf_run "$out" "${hung[@]}" -- "$@"
}

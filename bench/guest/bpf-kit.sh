#!/bin/bash
# The bpftrace kit's run, for bench/guest/main-job.sh (and its host test):
# start every script at once, capture, stop them so that they print their
# maps, and say which did not end well. The caller works from the
# repository's top (bpf/NAME.bt) and defines progress MESSAGE... and
# capture MODE REPORT (one stream in MODE).
# BPF_STOP_WAIT_S: how long a script may take to end after SIGINT
# (default 60), every 5 s saying SIGINT again.

# bpf_hang_report PID: where a bpftrace that does not end is, each thread's
# state, kernel wait channel, stack and system call: whether the hang is
# bpftrace's or the kernel's.
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

# bpf_kit_run OUT NAME... -- MODE...: start bpf/NAME.bt for each NAME at once,
# capture one stream a mode (return 1 if one fails), stop them with SIGINT (they print their maps)
# and leave OUT/NAME.txt, OUT/NAME.err when one failed or never ended
# (OUT/NAME.hang: bpf_hang_report), OUT/NAME.warnings when it ended well but
# wrote to stderr.
bpf_kit_run() {
	local out=$1 name mode pids=() names=() i j failed=0
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
		# bpftrace 0.17 leaves its event loop only when the signal
		# interrupts its epoll_wait(); one that lands while it reads
		# events sets its exit flag and nothing more, and the loop
		# polls on (1 of 150 runs of this stage's pattern in a loop).
		# Say it again every 5 s; a script still running a minute on
		# never ends: say where it is, and kill it.
		for ((i = 1; i <= ${BPF_STOP_WAIT_S:-60} * 10; i++)); do
			kill -0 "${pids[j]}" 2>/dev/null || break
			if [ $((i % 50)) -eq 0 ]; then
				echo "bpf-kit.sh: ${names[j]}.bt still running $((i / 10)) s after SIGINT: SIGINT again" \
					>>"$out/${names[j]}.err"
				kill -INT "${pids[j]}" 2>/dev/null || true
			fi
			sleep 0.1
		done
		if kill -0 "${pids[j]}" 2>/dev/null; then
			bpf_hang_report "${pids[j]}" >"$out/${names[j]}.hang"
			echo "bpf-kit.sh: ${names[j]}.bt did not end within ${BPF_STOP_WAIT_S:-60} s of SIGINT: SIGKILL (where it was: ${names[j]}.hang)" \
				>>"$out/${names[j]}.err"
			kill -KILL "${pids[j]}" 2>/dev/null || true
		fi
		if ! wait "${pids[j]}" || [ -e "$out/${names[j]}.hang" ]; then
			progress "bpf: WARNING: ${names[j]}.bt failed: $(if [ -e "$out/${names[j]}.hang" ]; then
				tail -n 1 "$out/${names[j]}.err"
			else head -n 1 "$out/${names[j]}.err"; fi)"
		elif [ -s "$out/${names[j]}.err" ]; then
			mv "$out/${names[j]}.err" "$out/${names[j]}.warnings"
		else
			rm -f "$out/${names[j]}.err"
		fi
	done
	return "$failed"
}

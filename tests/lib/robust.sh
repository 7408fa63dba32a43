# shellcheck shell=bash
# Helpers of the robustness tests (tests/guest/robust/, sourced in the guest
# after tap.sh and guest-lib.sh). On the debug kernel (make kernel-debug)
# they use its checkers; on the normal kernel the tests run a fast subset.
#   robust_debug_kernel          succeeds on a kernel with kmemleak and fault injection
#   robust_fault_injection       succeeds on a kernel with failslab and fail_page_alloc
#                                (the lab's kernels and the debug kernel)
#   robust_count FULL FAST       FULL on the debug kernel, FAST otherwise
#   robust_buffers               the buffers of a capture that must lose no frame (16)
#   kmemleak_begin               scan, then forget what the boot left behind
#   kmemleak_end NAME            TAP, 1 test: two scans find no new leak
#                                (copied to the console, where qemu/splat-scan
#                                fails the run)
#   kernel_healthy NAME          TAP, 3 tests: not tainted, uvcvideo unloads
#                                and reloads
#   sym_range SYMBOL_REGEX       "START END" of a kallsyms symbol (END: the next symbol)
#   fault_reset                  every failslab/fail_page_alloc knob back to off
#   fault_setup TYPE TIMES SPACE RANGE   arm TYPE (failslab|fail_page_alloc):
#                                fail TIMES calls (-1: all) of tasks marked
#                                make-it-fail whose stack is inside RANGE,
#                                once SPACE is used up (bytes for failslab,
#                                pages for fail_page_alloc; in 6.1 every call
#                                of the task uses it up, inside RANGE or not)
#   fault_run CMD...             run CMD marked make-it-fail
#   robust_fail_urb_injection    succeeds when fail_urb_run can work: bpftrace,
#                                and should_fail_alloc_page() injectable
#                                (CONFIG_BPF_KPROBE_OVERRIDE)
#   fail_urb_start ORDER K...    start the probes that fail, for a process
#                                named urbfail-K, the K-th (from 0) URB
#                                buffer allocation of ORDER, once
#                                (tests/lib/fail-urb-alloc.bt); fail_urb_stop
#                                ends them
#   fail_urb_run K CMD...        run CMD so that its K-th allocation fails;
#                                the probes' lines of its pid ("failed K",
#                                "calls N") in $VCAM_TMP/fail-urb.pid-lines
#   robust_capture [CMD...] FRAMES   one stream (YUYV 640x480@30, 16 buffers)
#                                by vcam-verify,
#                                run through CMD (e.g. fault_run); sets out and
#                                st: 0 when FRAMES frames arrived, none lost,
#                                all verified, in the camera's order, 2 on a
#                                V4L2 error, else 1
#   dma_trace_start / dma_trace_stop FILE   the URB buffers' alloc/free events
#   alloc_pairs FILE             one line: allocs N frees N failed N
#                                size-mismatch N unfreed N unknown-free N sizes S,S,...

KMEMLEAK=/sys/kernel/debug/kmemleak
TRACEFS=/sys/kernel/tracing

robust_fault_injection() {
	[ -d /sys/kernel/debug/failslab ] && [ -d /sys/kernel/debug/fail_page_alloc ]
}

robust_debug_kernel() {
	[ -e "$KMEMLEAK" ] && robust_fault_injection
}

robust_count() {
	if robust_debug_kernel; then echo "$1"; else echo "$2"; fi
}

kmemleak_begin() {
	[ -e "$KMEMLEAK" ] || return 0
	echo scan >"$KMEMLEAK"
	local boot
	boot=$(grep -c '^unreferenced object' "$KMEMLEAK" || true)
	[ "$boot" = 0 ] || diag "kmemleak: $boot object(s) left unreferenced before the test (boot); ignored"
	echo clear >"$KMEMLEAK"
}

# kmemleak_end NAME: kmemleak reports an object only once it is older than
# 5 s and its contents did not change between two scans.
kmemleak_end() {
	if [ ! -e "$KMEMLEAK" ]; then
		ok 0 "$1: kmemleak # SKIP not in this kernel (make check-debug runs it)"
		return 0
	fi
	sleep 6
	echo scan >"$KMEMLEAK"
	echo scan >"$KMEMLEAK"
	local leaks
	leaks=$(cat "$KMEMLEAK")
	if [ -n "$leaks" ]; then
		# On the console, with kmemleak's own prefix: the run fails there too.
		head -n 80 <<<"$leaks" | sed 's/^/kmemleak: /' >/dev/kmsg
		ok 1 "$1: kmemleak finds no leak"
		diag "$(head -n 40 <<<"$leaks")"
	else
		ok 0 "$1: kmemleak finds no leak"
	fi
}

kernel_healthy() {
	local tainted
	tainted=$(cat /proc/sys/kernel/tainted)
	is "$tainted" 0 "$1: the kernel is not tainted (no WARNING, BUG, bad page)"
	[ "$tainted" = 0 ] || diag "$(dmesg | tail -n 30)"
	check "$1: uvcvideo unloads" modprobe -r uvcvideo
	check "$1: uvcvideo loads again" modprobe uvcvideo
}

sym_range() {
	sort /proc/kallsyms | awk -v re="^($1)\$" '
		found && $1 != start { print start, $1; exit }
		$3 ~ re { start = $1; found = 1 }
	' | { read -r s e && printf '0x%s 0x%s\n' "$s" "$e"; }
}

fault_reset() {
	local t d
	for t in failslab fail_page_alloc; do
		d=/sys/kernel/debug/$t
		[ -d "$d" ] || continue
		echo 0 >"$d/probability"
		echo 1 >"$d/interval"
		echo 0 >"$d/times"
		echo 0 >"$d/space"
		echo 0 >"$d/verbose"
		[ ! -e "$d/min-order" ] || echo 1 >"$d/min-order"
		echo N >"$d/task-filter"
		echo 0 >"$d/require-start"
		printf '%u\n' -1 >"$d/require-end"
	done
}

fault_setup() {
	local d=/sys/kernel/debug/$1 range=$4
	# Armed last: with the probability set while the filters are still
	# open, every allocation in the guest fails (init's fork, then panic).
	echo 1 >"$d/interval"
	echo "$3" >"$d/space"
	echo "$2" >"$d/times"
	echo 1 >"$d/verbose"
	# GFP_KERNEL allocations sleep: the default ignores them all.
	echo N >"$d/ignore-gfp-wait"
	[ ! -e "$d/min-order" ] || echo 0 >"$d/min-order"
	echo Y >"$d/task-filter"
	echo 32 >"$d/stacktrace-depth"
	echo "${range% *}" >"$d/require-start"
	echo "${range#* }" >"$d/require-end"
	echo 100 >"$d/probability"
}

fault_run() {
	bash -c 'echo 1 >/proc/self/make-it-fail && exec "$@"' fault_run "$@"
}

robust_fail_urb_injection() {
	command -v bpftrace >/dev/null &&
		grep -q '^should_fail_alloc_page[[:space:]]' /sys/kernel/debug/error_injection/list 2>/dev/null
}

# fail_urb_start ORDER K...: start the probes of tests/lib/fail-urb-alloc.bt
# (one bpftrace for the whole test), ready to fail the K-th allocation of
# ORDER for each K given; fail_urb_run K CMD... runs CMD (a program on the
# PATH) through a link named urbfail-K, and keeps what the probes did to
# it (the lines of its pid, "failed K" and "calls N") in
# $VCAM_TMP/fail-urb.pid-lines; fail_urb_stop ends the probes. fail_page_alloc cannot place a failure
# exactly: its space budget counts what the task allocates before the
# stack trace filter looks (6.1), and how much that is varies from run to
# run.
FAIL_URB_LOG=
FAIL_URB_PID=
fail_urb_start() {
	local order=$1 func prog i
	shift
	FAIL_URB_LOG=$VCAM_TMP/fail-urb.log
	func=$(awk '$3 ~ /^uvc_alloc_urb_buffers(\.part\.[0-9]+)?$/ { print $3; exit }' /proc/kallsyms)
	prog=$(awk -v func_name="$func" -v ks="$*" '
		{ gsub(/FUNCTION/, func_name) }
		/^kprobe:should_fail_alloc_page / { block = 1 }
		block { text = text $0 "\n"; if ($0 == "}") { block = 0; n = split(ks, k, " ")
			for (i = 1; i <= n; i++) { t = text; gsub(/KTH/, k[i], t); printf "%s\n", t } }
			next }
		{ print }' tests/lib/fail-urb-alloc.bt)
	# Emptied here, not by bpftrace's redirection, which happens later, in
	# the child.
	: >"$FAIL_URB_LOG"
	bpftrace --unsafe -e "$prog" "$order" >"$FAIL_URB_LOG" 2>&1 &
	FAIL_URB_PID=$!
	for ((i = 0; i < 1200; i++)); do
		grep -qx armed "$FAIL_URB_LOG" && return 0
		kill -0 "$FAIL_URB_PID" 2>/dev/null || break
		sleep 0.1
	done
	echo "fail_urb_start: bpftrace did not attach its probes:" >&2
	cat "$FAIL_URB_LOG" >&2
	fail_urb_stop
	return 1
}

fail_urb_stop() {
	[ -n "$FAIL_URB_PID" ] || return 0
	kill -INT "$FAIL_URB_PID" 2>/dev/null || true
	wait "$FAIL_URB_PID" 2>/dev/null || true
	FAIL_URB_PID=
}

# fail_urb_run runs in robust_capture's command substitution, hence the
# file rather than a variable.
fail_urb_run() {
	local k=$1 prog pid i st=0
	shift
	prog=$(command -v "$1") || { echo "fail_urb_run: no $1" >&2; return 127; }
	ln -sfn "$prog" "$VCAM_TMP/urbfail-$k"
	shift
	"$VCAM_TMP/urbfail-$k" "$@" &
	pid=$!
	wait "$pid" || st=$?
	# the probes print when uvc_alloc_urb_buffers() returns, long before
	# the capture ends; their output may lag a little
	for ((i = 0; i < 50; i++)); do
		grep -q "^pid $pid calls " "$FAIL_URB_LOG" && break
		sleep 0.1
	done
	sed -n "s/^pid $pid //p" "$FAIL_URB_LOG" >"$VCAM_TMP/fail-urb.pid-lines"
	return "$st"
}

# robust_buffers: how many buffers a capture that must lose no frame
# queues: 16 on every kernel. A capture that shares the guest's two vCPUs
# with the tests' debugfs and trace readers falls a few frames behind the
# camera now and then: on the debug kernel, which spends several times the
# instructions on every system call (7.3: 1 of 150 frames found no buffer
# with 4), and on the lab kernel too (stats-consistency.t, 2026-12-07:
# with 4, a 5-frame switching stream on 7.3 took 1.5 s of guest time and
# lost a frame for want of a buffer; one on 6.1 lost one of a cause
# nodrop=0 could not tell). 16 absorb that; a lost frame still fails.
robust_buffers() {
	echo 16
}

# vcam-verify's own verdict: every frame the camera sent in the stream
# arrived whole and in the camera's order; none lost, for any cause (the
# tests' guests run on the icount clock, where the capture keeps pace with
# the camera; the counts by cause are in $out).
robust_capture() {
	local n=${*: -1}
	# shellcheck disable=SC2034 # out and st are the caller's
	out=$("${@:1:$#-1}" vcam-verify -d /dev/video0 -f yuyv -s 640x480 -r 30 -c "$n" -n "$(robust_buffers)" -t 10 \
		--allow-host-reorder 2>&1) && st=0 || st=$?
}

dma_trace_start() {
	local e
	echo 0 >"$TRACEFS/tracing_on"
	echo >"$TRACEFS/trace"
	echo 8192 >"$TRACEFS/buffer_size_kb"
	for e in dma/dma_alloc dma/dma_free dma/dma_alloc_pages dma/dma_free_pages \
		dma/dma_alloc_sgt dma/dma_alloc_sgt_err dma/dma_free_sgt kmem/kmalloc kmem/kfree; do
		echo 1 >"$TRACEFS/events/$e/enable"
	done
	echo 1 >"$TRACEFS/tracing_on"
}

dma_trace_stop() {
	echo 0 >"$TRACEFS/tracing_on"
	echo 0 >"$TRACEFS/events/enable"
	cat "$TRACEFS/trace" >"$1"
	echo >"$TRACEFS/trace"
}

# alloc_pairs FILE: pair every URB buffer allocation with its free. DMA
# allocations on the host controller (dummy_hcd) by kind (dma_alloc:
# coherent, dma_alloc_pages: noncoherent, dma_alloc_sgt: noncontiguous) and
# DMA address; a failed one is dma_alloc_sgt_err, or a DMA address of 0.
# usb_alloc_coherent()'s kmalloc (a controller without DMA) by pointer, or
# by count when the trace hashes pointers (the guest prints them all as
# "(____ptrval____)" while its RNG is not ready); kfree takes no size. A
# free must follow its allocation, with the same size.
alloc_pairs() {
	awk '
		function field(name,    i) {
			for (i = 1; i <= NF; i++) if (index($i, name "=") == 1) return substr($i, length(name) + 2)
			return ""
		}
		{
			ev = ""
			for (i = 1; i <= NF; i++) if ($i ~ /^(dma_(alloc|free)(_pages|_sgt|_sgt_err)?|kmalloc|kfree):$/) { ev = $i; dev = $(i + 1); break }
			if (ev == "") next
			sub(/:$/, "", ev)
			if (ev == "kmalloc" || ev == "kfree") {
				site = field("call_site")
				if (ev == "kmalloc" && site !~ /^hcd_buffer_alloc/) next
				if (ev == "kfree" && site !~ /^hcd_buffer_free/) next
				kind = "kmalloc"; key = field("ptr"); size = field("bytes_req")
				failed = (ev == "kmalloc" && (key == "" || key ~ /^(0+|\(null\))$/))
				isalloc = (ev == "kmalloc")
			} else {
				if (dev !~ /dummy_hcd/) next
				kind = ev; sub(/^dma_(alloc|free)_?/, "", kind); sub(/_err$/, "", kind)
				key = field("dma_addr"); size = field("size")
				isalloc = (ev ~ /^dma_alloc/)
				# A failed dma_alloc_attrs() traces the dma_handle
				# it was given as it was (often a stale address):
				# only its NULL virt_addr tells.
				failed = isalloc && (ev ~ /_err$/ || key ~ /^0*$/ ||
					field("virt_addr") ~ /^(0+|\(null\))$/)
			}
			anonymous = (kind == "kmalloc" && key == "(____ptrval____)")
			if (isalloc) {
				allocs++
				if (failed) { nfailed++; sizes = sizes (sizes == "" ? "" : ",") "!" size; next }
				sizes = sizes (sizes == "" ? "" : ",") size
				if (anonymous) kopen++; else open[kind SUBSEP key] = size
			} else {
				frees++
				if (anonymous) { if (kopen > 0) kopen--; else unknown++; next }
				if (!((kind SUBSEP key) in open)) { unknown++; next }
				if (kind != "kmalloc" && open[kind SUBSEP key] != size) mismatch++
				delete open[kind SUBSEP key]
			}
		}
		END {
			n = kopen
			for (k in open) n++
			printf "allocs %d frees %d failed %d size-mismatch %d unfreed %d unknown-free %d sizes %s\n", \
				allocs, frees, nfailed, mismatch, n, unknown, (sizes == "" ? "-" : sizes)
		}
	' "$1"
}

# shellcheck shell=bash
# What the bpftrace kit's output must show after one stream in each URB
# allocation mode (bench/guest/bpf-kit.sh: every bpf/*.bt at once, stopped
# with SIGINT): every script ended well, cleared its helper maps in END,
# names the modes, and has a non-empty histogram under every mode's name;
# uvc-copy-size counts bytes in every mode, and dma-summary counts the
# syncs and allocations of the camera's stream. Sourced after tap.sh,
# trace-lib.sh (hist_nonempty, count_nonempty) and
# tools/common/urb_alloc_modes.sh:
#   bpf_checks_count SCRIPT...   how many tests bpf_checks makes (the plan)
#   bpf_checks DIR SCRIPT...     the tests, on DIR/NAME.txt (the output of
#                                bpf/NAME.bt; DIR/NAME.err: it did not end well)
# shellcheck disable=SC2154 # _tap_failed: tap.sh's count of failed tests

# Resubmissions from the completion handler happen only for URBs with
# nothing to copy: the camera's stream may have none. Not checked.
bpf_unchecked_map=resubmit_from_handler_ns

# bpf_mode_maps SCRIPT: the histograms SCRIPT keys by mode name, as it
# assigns them (statements joined: an assignment may span lines), one a line.
bpf_mode_maps() {
	# shellcheck disable=SC2016 # $mode is bpftrace's, not the shell's
	tr '\n\t' '  ' <"$1" |
		grep -oE '@[a-z_]+\[(@urb_alloc_mode\[args->mode\]|\$mode)\] *= *hist\(' |
		sed -E 's/^@([a-z_]+)\[.*/\1/' | sort -u
}

bpf_keys_by_mode() { grep -q '@urb_alloc_mode\[args->mode\]' "$1"; }

# For each script 2, 2 more when it keys maps by mode name, and one for
# each mode in each of its histograms keyed by mode (but the unchecked
# one); then one a mode and 5 more.
bpf_checks_count() {
	local s n=0 maps
	for s; do
		n=$((n + 2))
		if bpf_keys_by_mode "$s"; then n=$((n + 2)); fi
		mapfile -t maps < <(bpf_mode_maps "$s" | grep -vx "$bpf_unchecked_map")
		n=$((n + ${#maps[@]} * ${#URB_ALLOC_MODES[@]}))
	done
	echo $((n + ${#URB_ALLOC_MODES[@]} + 5))
}

bpf_checks() {
	local dir=$1 s name text maps map mode st failed0
	shift
	for s; do
		name=$(basename "$s" .bt)
		text=$(cat "$dir/$name.txt" 2>/dev/null || true)
		failed0=$_tap_failed
		ok "$([ -s "$dir/$name.txt" ] && [ ! -e "$dir/$name.err" ] && echo 0 || echo 1)" \
			"$name: ran and ended well on SIGINT"
		[ ! -e "$dir/$name.err" ] || diag "$name.err: $(tail -n 3 "$dir/$name.err")"
		# Helper maps (start times, the mode names) are cleared in END.
		unlike "$text" '^@(start|cpu_start|dev_start|completed|queued|urb_alloc_mode)\[' \
			"$name: END cleared its helper maps"
		mapfile -t maps < <(bpf_mode_maps "$s")
		if bpf_keys_by_mode "$s"; then
			ok "$([ "${#maps[@]}" -gt 0 ] && echo 0 || echo 1)" "$name: keys maps by mode name (${maps[*]})"
			unlike "$text" '^@[a-z_]+\[([0-9]+)?[],]' "$name: no mode printed as a number or unnamed"
		fi
		for map in "${maps[@]}"; do
			[ "$map" != "$bpf_unchecked_map" ] || continue
			for mode in "${URB_ALLOC_MODES[@]}"; do
				hist_nonempty "$text" "${map}[$mode]" && st=0 || st=$?
				ok "$st" "$name: @${map}[$mode] is a non-empty histogram"
			done
		done
		[ "$_tap_failed" -eq "$failed0" ] || diag "$text"
	done

	text=$(cat "$dir/uvc-copy-size.txt" 2>/dev/null || true)
	for mode in "${URB_ALLOC_MODES[@]}"; do
		count_nonempty "$text" "copy_bytes_total[$mode]" && st=0 || st=$?
		ok "$st" "uvc-copy-size: bytes copied in $mode"
	done

	text=$(cat "$dir/dma-summary.txt" 2>/dev/null || true)
	failed0=$_tap_failed
	like "$text" '^@calls\[[^,]+, tracepoint:dma:dma_sync_sg_for_cpu\]: [1-9][0-9]*$' \
		"dma-summary: counts the noncontiguous mode's sg syncs for the CPU"
	like "$text" '^@cache_maint\[[^,]+, tracepoint:dma:dma_sync_sg_for_device\]: [1-9][0-9]*$' \
		"dma-summary: counts the sg syncs for the device that maintained the caches"
	like "$text" '^@calls\[[^,]+, tracepoint:dma:dma_sync_single_for_cpu\]: [1-9][0-9]*$' \
		"dma-summary: counts the noncoherent mode's single syncs"
	like "$text" '^@bytes\[[^,]+, tracepoint:dma:dma_alloc_sgt\]: [1-9][0-9]*$' \
		"dma-summary: sums the bytes of the noncontiguous allocations"
	like "$text" '^@calls\[[^,]+, tracepoint:dma:dma_alloc\]: [1-9][0-9]*$' \
		"dma-summary: counts the coherent allocations"
	[ "$_tap_failed" -eq "$failed0" ] || diag "$text"
}

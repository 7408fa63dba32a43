#!/usr/bin/env bash
# The series' trace events, recorded with trace-cmd in the guest during
# captures in every URB allocation mode, read back by the host's
# trace-cmd (the trace.dat written to results/ through 9p, events with the
# task that made them); and a bpftrace histogram built on the start/done
# pairs.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tools/common/urb_alloc_modes.sh"
mkdir -p "$top/results"
dir=$(mktemp -d "$top/results/trace-events-test.XXXX")
trap 'rm -rf "$dir"' EXIT
name=${dir##*/}
# the events every capture records, each checked
events=(uvcvideo_urb_complete uvcvideo_sync_for_cpu_start uvcvideo_sync_for_cpu_done
	uvcvideo_sync_for_device_start uvcvideo_sync_for_device_done uvcvideo_invalidate_vmap
	uvcvideo_decode_header uvcvideo_copy_queued uvcvideo_copy_start uvcvideo_copy
	uvcvideo_copy_done uvcvideo_urb_submit uvcvideo_urb_trip
	dma_alloc_sgt dma_free_sgt dma_vmap_sgt dma_vunmap_sgt
	dma_sync_sg_for_cpu dma_sync_sg_for_device
	dma_alloc dma_free dma_alloc_pages dma_free_pages
	dma_sync_single_for_cpu dma_sync_single_for_device)
# 4; one an event; 5 + 4 + 3; the plugin 4; 5 a mode; 2; bpftrace 4
plan $((4 + ${#events[@]} + 5 + 4 + 3 + 4 + 5 * ${#URB_ALLOC_MODES[@]} + 2 + 4))

"$top/qemu/run" --run-dir "$dir/run" -- bash tests/lab/guest/record-modes.sh "/results/$name" \
	>"$dir/out" 2>&1 && st=0 || st=$?
is "$st" 0 "captures in every mode under trace-cmd record and bpftrace"
[ "$st" -eq 0 ] || diag "$(tail -n 30 "$dir/out")"

check "trace.dat lands in results/" test -s "$dir/trace.dat"
# -t: timestamps in full nanoseconds, for the trip check below
report=$(trace-cmd report -t -i "$dir/trace.dat" 2>/dev/null) && st=0 || st=$?
is "$st" 0 "the host's trace-cmd report reads the guest's trace.dat"
count() { grep -c " $1: " <<<"$report" || true; }
like "$report" 'vcam-verify-[0-9]+ .* dma_alloc_sgt: ' "events carry the task that made them (STREAMON's allocations: the capture's)"

for ev in "${events[@]}"; do
	ok "$([ "$(count "$ev")" -gt 0 ] && echo 0 || echo 1)" "$ev recorded ($(count "$ev"))"
done

# Every URB of every stream: 5 buffers allocated and freed per mode.
is "$(count dma_alloc_sgt)" 5 "5 non-contiguous URB buffers allocated (one stream)"
is "$(count dma_alloc_sgt_err)" 0 "none failed"
is "$(count dma_free_sgt)" 5 "and freed"
is "$(grep ' dma_alloc: ' <<<"$report" | grep -c 'dummy_hcd')" 5 \
	"5 coherent URB buffers allocated on the HCD's device"
is "$(count dma_alloc_pages)" 5 "5 non-coherent URB buffers allocated"
urb_size=$(grep -m1 ' uvcvideo_sync_for_cpu_start: ' <<<"$report" | sed -n 's/.* size=\([0-9]*\).*/\1/p')
# The events are upstream's (6.12). Their arrays (phys_addrs, dma_addrs,
# lengths) are printed with __print_array(), which the libtraceevent of
# Debian 12 cannot parse ("[FAILED TO PARSE]"): read those two events raw
# too (-R: every field, arrays as their bytes, little-endian), apart from
# the lab's plugin below.
raw=$(trace-cmd report -R -i "$dir/trace.dat" 2>/dev/null)
le_bytes() { # le_bytes N WIDTH: N as WIDTH little-endian bytes, "00, 40, 00, 00"
	local n=$1 i out=""
	for ((i = 0; i < $2; i++)); do
		out+="${out:+, }$(printf '%02x' $(((n >> (8 * i)) & 255)))"
	done
	echo "$out"
}
like "$(grep ' dma_alloc_sgt: ' <<<"$raw" | head -n 1)" \
	"phys_addrs=ARRAY\\[([0-9a-f]{2}, ){7}[0-9a-f]{2}\\] .*size=$urb_size " \
	"allocation size matches the URB size ($urb_size), in one segment (no IOMMU: one physical address)"
like "$(grep ' dma_sync_sg_for_cpu: ' <<<"$raw" | head -n 1)" \
	"lengths=ARRAY\\[$(le_bytes "$urb_size" 4)\\] dir=2 cache_maint=1" \
	"sg syncs cover the URB (FROM_DEVICE), and the arm64 dummy device needs cache maintenance"
like "$(grep ' dma_vmap_sgt: ' <<<"$report" | head -n 1)" "size=$urb_size virt_addr=[0-9a-fx]+ vmapped=0" \
	"the URB buffer's kernel mapping is its linear-map address (contiguous pages)"
like "$(grep ' dma_alloc_sgt: ' <<<"$report" | head -n 1)" 'dummy_hcd\.0' "device names are recorded"

# The lab's libtraceevent plugin (tools/tep-plugin) prints the array events
# from their fields, so that the report, and KernelShark, show them whole.
plugins=${UVCDMA_BUILD_DIR:-$top/build}/host/lib/traceevent/plugins
check "the dma array-event plugin is built" test -r "$plugins/plugin_uvcdma_dma_arrays.so"
decoded=$(TRACEEVENT_PLUGIN_DIR=$plugins trace-cmd report -i "$dir/trace.dat" 2>/dev/null) && st=0 || st=$?
nfailed=$(grep -c 'FAILED TO PARSE' <<<"$decoded" || true)
ok "$([ "$st" -eq 0 ] && [ -n "$decoded" ] && [ "$nfailed" -eq 0 ] && echo 0 || echo 1)" \
	"with the plugin, trace-cmd report reads the trace and no event fails to parse ($nfailed failed, exit $st)"
like "$(grep ' dma_alloc_sgt: ' <<<"$decoded" | head -n 1)" \
	"dma_alloc_sgt: +dummy_hcd\\.0 phys_addrs=\\{0x[0-9a-f]+\\} dma_addr=0x[0-9a-f]+ size=$urb_size dir=FROM_DEVICE " \
	"with the plugin, dma_alloc_sgt prints its fields: one segment of $urb_size bytes"
like "$(grep ' dma_sync_sg_for_cpu: ' <<<"$decoded" | head -n 1)" \
	"dma_addrs=\\{0x[0-9a-f]+\\} lengths=\\{$urb_size\\} dir=FROM_DEVICE cache_maint=1\$" \
	"with the plugin, dma_sync_sg_for_cpu prints its addresses, lengths and direction"

complete=$(count uvcvideo_urb_complete)
ok "$([ "$(count uvcvideo_sync_for_cpu_start)" -eq "$(count uvcvideo_sync_for_cpu_done)" ] && echo 0 || echo 1)" \
	"sync_for_cpu start/done pair up"
ok "$([ "$(count uvcvideo_copy_start)" -eq "$(count uvcvideo_copy_done)" ] && echo 0 || echo 1)" \
	"copy start/done pair up"
submits=$(count uvcvideo_urb_submit)
ok "$([ "$submits" -ge "$complete" ] && [ "$submits" -le $((complete + 20)) ] && echo 0 || echo 1)" \
	"one submission per completion, plus the 5 initial ones per stream ($submits for $complete)"
# Each traced capture verified every frame: the trace is of a stream that
# worked (record-modes.sh keeps each one's report and exit status).
verified() { # verified FILE FRAMES NAME
	local v
	v=$(cat "$1" 2>/dev/null || true)
	ok "$(grep -q "^frames $2 ok $2 dropped 0 corrupt 0 " <<<"$v" && grep -qx 'exit 0' <<<"$v" &&
		echo 0 || echo 1)" "$3: $2 frames captured and verified, vcam-verify exits 0"
	grep -qx 'exit 0' <<<"$v" || diag "$(tail -n 10 <<<"$v")"
}
for mode in "${URB_ALLOC_MODES[@]}"; do
	like "$report" "uvcvideo_urb_complete: .* mode=$mode " "events carry the mode: $mode"
	verified "$dir/verify-$mode.txt" 30 "$mode, under trace-cmd record"
done
# Every URB completed with data in a mode that syncs had its buffer synced
# for the CPU by the DMA API itself, exactly once: a dma_sync_*_for_cpu
# event inside the sync window of its completion (the sync_for_cpu start
# and done events, on the same CPU: the completion runs there). The window
# is inside the completion handler, after uvcvideo_urb_complete, except on
# 7.3 in the noncontiguous mode, where usbcore syncs before it calls the
# handler (and for every giveback, error statuses included): a window
# belongs to the completion it follows, else to the one that follows it.
# A mode that never syncs has none. TCG models no cache, so a missing sync
# corrupts no frame here: only this count can show it.
syncs=$(awk '
	function mode(   i) { for (i = 1; i <= NF; i++) if ($i ~ /^mode=/) return substr($i, 6); return "?" }
	{ cpu = ""; for (i = 1; i <= NF; i++) if ($i ~ /^\[[0-9]+\]$/) { cpu = $i; break } }
	/ uvcvideo_urb_complete: / {
		data = / status=0 /
		if (data) completed[mode()]++
		if (cpu in before) {
			if (data) synced[mode()] += before[cpu]
			delete before[cpu]
		} else if (data) {
			after[cpu] = 1
		} else {
			delete after[cpu]
		}
	}
	/ uvcvideo_sync_for_cpu_start: / { open[cpu] = mode(); inside[cpu] = 0 }
	/ uvcvideo_sync_for_cpu_done: / {
		if (cpu in after) { synced[open[cpu]] += inside[cpu]; delete after[cpu] }
		else before[cpu] = inside[cpu]
		delete open[cpu]
	}
	/ dma_sync_(sg|single)_for_cpu: / { if (cpu in open) inside[cpu]++; else stray++ }
	END {
		for (m in completed) printf "%s %d %d\n", m, completed[m], synced[m]
		printf "stray %d 0\n", stray
	}
' <<<"$report")
for mode in "${URB_ALLOC_MODES[@]}"; do
	read -r _ done_urbs synced <<<"$(grep "^$mode " <<<"$syncs" || echo "$mode 0 0")"
	if urb_alloc_mode_syncs "$mode"; then
		ok "$([ "$done_urbs" -gt 0 ] && [ "$synced" -eq "$done_urbs" ] && echo 0 || echo 1)" \
			"$mode: the DMA API synced every completed URB for the CPU ($synced syncs, $done_urbs URBs)"
	else
		is "$synced" 0 "$mode: no DMA API sync for the CPU in a mode that needs none ($done_urbs URBs)"
	fi
done
is "$(sed -n 's/^stray \([0-9]*\) .*/\1/p' <<<"$syncs")" 0 "no DMA API sync for the CPU outside uvcvideo's sync windows"

# The order of sync and read, per URB: each header decode and each copy of
# a URB's data must come after the sync for the CPU of its trip (the last
# sync_for_cpu_done of that URB since its sync_for_device_start, which
# every submission makes, in every mode and on every base). TCG has no
# cache, so a driver that reads before it syncs still verifies every
# frame: only this order shows it. Events name their URB as "STREAM urb=N".
order=$(awk '
	function field(name,   i) { for (i = 1; i <= NF; i++) if (index($i, name "=") == 1) return substr($i, length(name) + 2); return "?" }
	function key(   i) { for (i = 1; i <= NF; i++) if ($i ~ /^urb=/) return $(i - 1) " " $i; return "?" }
	/ uvcvideo_sync_for_device_start: / { st[key()] = "device" }
	/ uvcvideo_sync_for_cpu_done: / { st[key()] = "cpu" }
	/ uvcvideo_(decode_header|copy_start): / {
		m = field("mode"); reads[m]++
		if (st[key()] != "cpu") early[m]++
	}
	END { for (m in reads) printf "%s %d %d\n", m, reads[m], early[m] }
' <<<"$report")
for mode in "${URB_ALLOC_MODES[@]}"; do
	read -r _ reads early <<<"$(grep "^$mode " <<<"$order" || echo "$mode 0 0")"
	ok "$([ "$reads" -gt 0 ] && [ "$early" -eq 0 ] && echo 0 || echo 1)" \
		"$mode: every header decode and copy comes after its URB's sync for the CPU ($reads, $early before it)"
done

# Where each timed trip starts and ends, per URB (issue 32: one definition
# of each interval on every base). A trip runs from the start of the
# completion handler to the call of usb_submit_urb() that resubmits the
# URB (its uvcvideo_urb_trip event, written when the trip is accounted,
# gives both points on the trace's "mono" clock). The syncs the driver
# makes fall inside it: both of the sync for the CPU's events and both of
# the sync for the device's. The syncs usbcore makes (7.3, noncontiguous:
# in the giveback before the handler, inside usb_submit_urb()) fall
# outside it, with their durations added (usbcore_cpu_ns and
# usbcore_device_ns > 0), so that no interval takes in usbcore's other
# steps: a trip that started at usbcore's sync for the CPU, or ended at the
# end of its sync for the device, holds those events and fails.
base=${UVCDMA_KERNEL:-${KERNEL:-6.1}}
trips=$(awk '
	function field(name,   i) { for (i = 1; i <= NF; i++) if (index($i, name "=") == 1) return substr($i, length(name) + 2); return "" }
	function key(   i) { for (i = 1; i <= NF; i++) if ($i ~ /^urb=/) return $(i - 1) " " $i; return "?" }
	function ns(   i, t) {
		for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) {
			t = $i; sub(/:$/, "", t); split(t, p, ".")
			return p[1] * 1000000000 + substr(p[2] "000000000", 1, 9)
		}
		return -1
	}
	# numbers kept as numbers: mawk would print one above 2^31 as 1.2e+10
	/ uvcvideo_sync_for_(cpu|device)_(start|done): / { k = key(); seen[k, ++nseen[k]] = ns() }
	/ uvcvideo_urb_trip: / {
		k = key(); m = field("mode"); c = field("complete_ns") + 0; s = field("submit_ns") + 0
		if (c > 0 && s > 0) {
			inside = 0
			for (i = 1; i <= nseen[k]; i++) if (seen[k, i] >= c && seen[k, i] <= s) inside++
			trips[m]++; hist[m " " inside]++
			if (field("usbcore_cpu_ns") + 0 > 0 && field("usbcore_device_ns") + 0 > 0) usbcore[m]++
		}
		# Keep what a later trip may hold: its trip event comes after
		# usbcore has already synced it for the CPU (in the giveback
		# before the handler that accounts this trip), so only what came
		# before this trip began can go.
		if (c > 0) {
			j = 0
			for (i = 1; i <= nseen[k]; i++) {
				if (seen[k, i] >= c) seen[k, ++j] = seen[k, i]
			}
			for (i = j + 1; i <= nseen[k]; i++) delete seen[k, i]
			nseen[k] = j
		}
	}
	END {
		for (m in trips) {
			line = m " " trips[m] " " usbcore[m] + 0
			for (h in hist) { split(h, q, " "); if (q[1] == m) line = line " " q[2] ":" hist[h] }
			print line
		}
	}' <<<"$report")
for mode in "${URB_ALLOC_MODES[@]}"; do
	read -r _ ntrips nusbcore inside <<<"$(grep "^$mode " <<<"$trips" || echo "$mode 0 0 none")"
	if [ "$base" = 7.3 ] && [ "$mode" = noncontiguous ]; then
		want_inside=0 want_usbcore=$ntrips who="usbcore's syncs outside it, their durations added"
	else
		want_inside=4 want_usbcore=0 who="the driver's syncs inside it (4 events), nothing added"
	fi
	ok "$([ "$ntrips" -gt 0 ] && [ "$inside" = "$want_inside:$ntrips" ] && [ "$nusbcore" -eq "$want_usbcore" ] &&
		echo 0 || echo 1)" \
		"$mode on $base: every trip from the handler's start to usb_submit_urb(), $who ($ntrips trips, sync events inside: ${inside:-none}, usbcore durations: $nusbcore)"
done

# every mode but noncontiguous (the only one vmapped), as a regex alternation
not_vmapped=$(printf '%s\n' "${URB_ALLOC_MODES[@]}" | grep -vx noncontiguous | paste -sd '|')
unlike "$(grep ' uvcvideo_invalidate_vmap: ' <<<"$report")" "mode=($not_vmapped) " \
	"vmap invalidation only in noncontiguous mode"

bt=$(cat "$dir/bpftrace.txt" 2>/dev/null || true)
like "$bt" 'Tracing uvcvideo URB syncs' "the bpftrace script runs"
verified "$dir/verify-bpftrace.txt" 30 "noncontiguous, under bpftrace"
like "$bt" '@sync_for_cpu_ns\[noncontiguous\]:' "it prints a sync-for-cpu histogram keyed by mode name (noncontiguous)"
like "$bt" '\[[0-9]+[KM]?, [0-9]+[KM]?\) +[0-9]+ \|@*' "with histogram buckets"
done_testing

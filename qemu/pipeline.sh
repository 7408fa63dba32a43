#!/usr/bin/env bash
# The main job ('make'): with the lab built, run the in-guest checks, then
# capture from the virtual camera in every URB allocation mode in one
# guest boot, compare the modes' debugfs statistics with uvcstat
# (results/report/), and print a summary (results/summary.txt).
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"

mkdir -p "$RESULTS_DIR"
smoke_log=$RESULTS_DIR/smoke.tap
t0=$(now)
log "smoke checks in fresh guests (tests/guest), TAP in $smoke_log ..."
status=0
"$UVCDMA_TOP/tests/run" tests/guest 2>&1 | tee "$smoke_log" || status=$?
smoke_time=$(elapsed_since "$t0")

# The measurement: every URB allocation mode, one boot, then uvcstat.
report_dir=$RESULTS_DIR/report
rm -rf "$report_dir"
t0=$(now)
log "capturing ${UVCDMA_FRAMES:-300} frames per URB allocation mode in one guest boot ..."
if "$UVCDMA_TOP/qemu/run" --run-dir "$RESULTS_DIR/runs/report-$(date +%Y%m%d-%H%M%S)-$$" -- \
	bash bench/guest/capture-modes.sh /results/report "${UVCDMA_FRAMES:-300}"; then
	uvcstat=$BUILD_DIR/host/bin/uvcstat
	modes=(noncontiguous coherent usb-coherent noncoherent)
	args=()
	for m in "${modes[@]}"; do args+=(--label "$m" "$report_dir/$m.raw"); done
	"$uvcstat" compare "${args[@]}" >"$report_dir/compare.txt"
	"$uvcstat" compare --csv "${args[@]}" >"$report_dir/compare.csv"
	"$UVCDMA_TOP/plots/modes.sh" --title "QEMU TCG arm64 guest, $(cat "$report_dir/kernel-release"), vcam YUYV 640x480@30" \
		"$report_dir/compare.csv" "$report_dir/modes.png" || status=1
	{
		echo "Measured in a QEMU TCG guest (-M virt -cpu max), kernel $(cat "$report_dir/kernel-release"),"
		echo "virtual bulk camera (vcam on dummy_hcd), YUYV 640x480 at 30 fps."
		echo "TCG models no CPU cache: these are emulated timings, not hardware figures."
		echo
		cat "$report_dir/compare.txt"
	} >"$report_dir/compare-labelled.txt"
	report_status="written to $report_dir/ (compare.txt, compare.csv, modes.png) in $(elapsed_since "$t0")"
else
	status=1
	report_status="FAILED (see the run directory under $RESULTS_DIR/runs/)"
fi

boot_run=$RESULTS_DIR/runs/boot-$(date +%Y%m%d-%H%M%S)-$$
"$UVCDMA_TOP/qemu/run" --run-dir "$boot_run" -- true || status=1
boot=$(sed -n 's/^boot_to_ready_s=//p' "$boot_run/timing" 2>/dev/null || echo "?")
summary=$RESULTS_DIR/summary.txt
{
	echo "uvcdma summary ($(date -u '+%Y-%m-%d %H:%M UTC'))"
	echo "  where:        QEMU TCG guest (-M virt -cpu max, 2 vCPUs) on $(uname -m) host $(hostname)"
	echo "  kernel:       $(cat "$KERNEL_SRC/include/config/kernel.release") from linux-source-6.1 $(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null)"
	echo "  patches:      $(git -C "$KERNEL_SRC" rev-list --count pristine..HEAD) applied from patches/series"
	echo "  guest root:   $(du -sh "$GUEST_ROOT" | cut -f1) (Debian bookworm arm64)"
	echo "  boot-to-ready: ${boot} s"
	echo "  smoke checks: $(grep -E '^Result:' "$smoke_log" | sed 's/^Result: //') in $smoke_time ($smoke_log)"
	echo "  mode report:  $report_status"
	echo "  guest runs:   $RESULTS_DIR/runs/<id>/ (command, output, console log, timing)"
} | tee "$summary"
[ -s "$report_dir/compare-labelled.txt" ] && cat "$report_dir/compare-labelled.txt"
exit "$status"

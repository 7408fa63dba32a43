#!/usr/bin/env bash
# The main job ('make'): with the lab built, boot it and run the in-guest
# smoke checks, then print a summary (also written to results/summary.txt).
# The end-to-end capture, benchmark and report steps join here as the
# camera, the patch series and uvcstat land.
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
	echo "  guest runs:   $RESULTS_DIR/runs/<id>/ (command, output, console log, timing)"
} | tee "$summary"
exit "$status"

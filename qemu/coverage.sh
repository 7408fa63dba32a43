#!/usr/bin/env bash
# make coverage: which lines of uvcvideo, of usbcore's URB DMA path and of
# kernel/dma/ the guest tests execute, on the KERNEL base.
#
# The guest tests (default: tests/guest, and the tests/lab files that
# stream through uvcvideo or run the DMA API behind an IOMMU, as make
# check runs them; arguments replace the list) run on the coverage kernel (make kernel-coverage: gcov for the
# objects of qemu/kernel-coverage.kbuild). The other tests/lab files test
# the lab itself, or boot kernels of their own (the DMA-API debug, 32-bit
# and memory-model guests), which count nothing here.
# Each guest copies its counts out before it powers off (qemu/guest/init)
# and qemu/run keeps them under the work directory; here they are added up
# (gcov-tool merge) and turned into:
#   results/coverage/index.html   lcov's HTML report
#   results/coverage/coverage.info  the lcov tracefile it is drawn from
#   results/coverage/summary.md   per file: lines, functions and branches
#                                 executed; then the lines the series adds
#                                 or changes, executed or not
#   results/coverage/series-lines.txt  each executable line the series
#                                 adds: "path:line count source"
# Then each file's line coverage is checked against the figures recorded
# in docs/figures/coverage-BASE.txt (qemu/coverage-compare.sh): one more
# than a point below fails make coverage; COVERAGE_RECORD=1 records them.
# The test verdicts are reported as make check reports them; the report is
# written even when a test fails, and the exit status is then 1.
#
# usage: qemu/coverage.sh [TEST_FILE_OR_DIR...]
set -euo pipefail
export UVCDMA_KERNEL_VARIANT=coverage
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"
cd "$UVCDMA_TOP"

[ -r "$KERNEL_IMAGE" ] || die "no coverage kernel at $KERNEL_IMAGE: run 'make kernel-coverage'"
release=$(cat "$KERNEL_SRC/include/config/kernel.release")
case $release in
*-coverage) ;;
*) die "$KERNEL_SRC builds $release, not a coverage kernel release" ;;
esac
gcov_tool=${CROSS_COMPILE}gcov
for tool in "$gcov_tool" "${CROSS_COMPILE}gcov-tool" lcov genhtml; do
	command -v "$tool" >/dev/null || die "$tool not found: run 'make deps'"
done
tree=$(readlink -f "$KERNEL_SRC")
# The directories the report covers: where qemu/kernel-coverage.kbuild's
# objects are (an object of the same name elsewhere is left out).
dirs=(drivers/media/usb/uvc drivers/usb/core kernel/dma)

out=$RESULTS_DIR/coverage
work=$BUILD_DIR/coverage-$KERNEL
rm -rf "$work"
mkdir -p "$work/runs" "$out"
[ $# -gt 0 ] || set -- tests/guest tests/lab/trace-events.t tests/lab/uvcstat-trace.t \
	tests/lab/uvcstat-progress.t tests/lab/dmabench-smmu.t

log "coverage: $release, tests: $*"
t0=$(now)
tests_status=0
UVCDMA_COVERAGE_DIR=$work/runs UVCDMA_STRICT=1 tests/run "$@" || tests_status=$?
log "coverage: tests done in $(elapsed_since "$t0") (exit $tests_status)"

# Every guest's counts, added up. A guest's directory mirrors the
# kernel's build paths under debugfs (gcov/<tree path>/...).
mapfile -t runs < <(find "$work/runs" -mindepth 2 -maxdepth 2 -name gcov -type d | sort)
[ "${#runs[@]}" -gt 0 ] || die "no guest left gcov counts in $work/runs (did the tests boot the coverage kernel?)"
merged=$work/merged
merge() {
	local r
	cp -a "${runs[0]}" "$merged"
	for r in "${runs[@]:1}"; do
		# never read and written at once: into a new directory, then swapped
		"${CROSS_COMPILE}gcov-tool" merge -o "$merged.next" "$merged" "$r" >/dev/null
		rm -rf "$merged"
		mv "$merged.next" "$merged"
	done
}
step "coverage: adding up the counts of ${#runs[@]} guests" merge

# geninfo wants each .gcda beside its .gcno: both copied into a scratch
# tree; the sources are read from the kernel tree (--base-directory).
capture() {
	local scratch=$work/objects d f rel
	for d in "${dirs[@]}"; do
		[ -d "$merged$tree/$d" ] || continue
		while IFS= read -r f; do
			rel=${f#"$merged$tree/"}
			mkdir -p "$scratch/${rel%/*}"
			cp "$f" "$scratch/$rel"
			[ -r "$tree/${rel%.gcda}.gcno" ] || die "no ${rel%.gcda}.gcno in $tree: rebuild with 'make kernel-coverage'"
			cp "$tree/${rel%.gcda}.gcno" "$scratch/${rel%.gcda}.gcno"
		done < <(find "$merged$tree/$d" -name '*.gcda')
	done
	lcov --quiet --rc lcov_branch_coverage=1 --gcov-tool "$gcov_tool" \
		--capture --directory "$scratch" --base-directory "$tree" \
		--output-file "$work/all.info" >"$work/lcov.log" 2>&1 ||
		{ cat "$work/lcov.log" >&2; die "lcov could not read the counts"; }
	local patterns=()
	for d in "${dirs[@]}"; do patterns+=("$tree/$d/*.c"); done
	lcov --quiet --rc lcov_branch_coverage=1 --extract "$work/all.info" "${patterns[@]}" \
		--output-file "$out/coverage.info" >>"$work/lcov.log" 2>&1 ||
		{ cat "$work/lcov.log" >&2; die "lcov --extract failed"; }
}
step "coverage: reading the counts (lcov)" capture

html() {
	rm -rf "$out/html"
	genhtml --quiet --branch-coverage --prefix "$tree" --title "uvcdma: $release, $*" \
		--output-directory "$out/html" "$out/coverage.info" >>"$work/lcov.log" 2>&1 ||
		{ cat "$work/lcov.log" >&2; die "genhtml failed"; }
	# The report's front page where the README says it is.
	ln -sfn html/index.html "$out/index.html"
}
step "coverage: HTML report in $out/index.html" html "$@"

# The lines the series adds or changes: the added lines of its diff from
# the package's sources, in the C files of the report's directories.
git -C "$tree" diff -U0 pristine HEAD -- "${dirs[@]/%//*.c}" >"$work/series.diff"
"$UVCDMA_TOP/qemu/coverage-report.sh" "$out/coverage.info" "$work/series.diff" "$tree" \
	"$release" "${#runs[@]}" "$tests_status" "$out/series-lines.txt" >"$out/summary.md"
cat "$out/summary.md"
log "coverage: $out/summary.md, $out/index.html ($(elapsed_since "$t0"))"

# The benchmark-style check: no file more than a point below the figures
# recorded for this base (COVERAGE_RECORD=1, make coverage RECORD=1,
# records this run's).
recorded=$UVCDMA_TOP/docs/figures/coverage-$KERNEL.txt
compare_status=0
if [ "${COVERAGE_RECORD:-}" = 1 ]; then
	"$UVCDMA_TOP/qemu/coverage-compare.sh" --record "$out/coverage.info" "$tree" "$recorded"
elif [ -r "$recorded" ]; then
	log "coverage: against the figures recorded in ${recorded#"$UVCDMA_TOP"/}"
	"$UVCDMA_TOP/qemu/coverage-compare.sh" "$out/coverage.info" "$tree" "$recorded" || compare_status=$?
else
	log "coverage: no figures recorded for $KERNEL (${recorded#"$UVCDMA_TOP"/}); make coverage RECORD=1 records these"
fi
[ "$tests_status" -eq 0 ] || die "coverage: the tests failed (exit $tests_status): the figures above are those of a failing run"
[ "$compare_status" -eq 0 ] || die "coverage: a file's line coverage fell more than a point below its record (FELL or MISSING above)"

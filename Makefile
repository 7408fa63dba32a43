# uvcdma: one target per user action; the work is in small scripts under
# qemu/ (the guest lab) and tests/. Every target installs the missing
# Debian packages first ('make deps'). Nothing here runs kernel code on the
# host: kernels and modules run only inside QEMU guests.

SHELL := /bin/bash
CMD ?= uname -a
export CMD
# make ... CLOCK=icount|realtime [ICOUNT_SHIFT=N] [ICOUNT_SLEEP=on|off]: the
# guest clock of every guest run (qemu/run --clock, --icount-shift,
# --icount-sleep); the benchmarks, the main job and the tests default to
# icount (the tests and the main job with sleep=off), qemu/run itself to
# realtime.
ifdef CLOCK
export UVCDMA_CLOCK := $(CLOCK)
endif
# make ... KERNEL=6.12: the kernel base of every target that builds or boots
# a kernel (patches/<base>/; qemu/lib.sh). Default 6.1.
KERNEL_BASES := $(patsubst patches/%/series,%,$(wildcard patches/*/series))
ifdef KERNEL
ifeq ($(filter $(KERNEL),$(KERNEL_BASES)),)
$(error no series for KERNEL=$(KERNEL); the bases are: $(KERNEL_BASES))
endif
export UVCDMA_KERNEL := $(KERNEL)
endif
ifdef ICOUNT_SLEEP
export UVCDMA_ICOUNT_SLEEP := $(ICOUNT_SLEEP)
endif
ifdef ICOUNT_SHIFT
export UVCDMA_ICOUNT_SHIFT := $(ICOUNT_SHIFT)
endif

.PHONY: all deps lab kernel model model-validate upstream-check build-arm32 check-arm32 kmod kernel-dma-debug kernel-debug check-debug kernel-unpatched userland tools check check-breakages other-base-kernel test shell guest-run \
	bench-lab bench-stats bench-vcam bench-dma plots clean help fuzz fuzz-desc

## make            the main job: build the lab, smoke check, every mode RUNS times, trace, bpftrace, plots, summary
##                 (RUNS= FRAMES= FORMAT= SIZE= FPS= MODES= CLOCK= change the workload, JOBS=N measures
##                 in N guests at a time; MODEL="rk3399-a53 rk3399-a72" adds the memory model's figures
##                 beside the measured ones; docs/main-job.md)
##                 KERNELS="6.1 6.12 7.3" runs it on each base and compares the bases per mode (results/bases)
ifdef KERNELS
all: deps userland tools
	@RUNS='$(RUNS)' FRAMES='$(FRAMES)' FORMAT='$(FORMAT)' SIZE='$(SIZE)' FPS='$(FPS)' \
		MODES='$(MODES)' CLOCK='$(CLOCK)' JOBS='$(JOBS)' KERNELS='$(KERNELS)' qemu/compare-bases.sh
else
all: lab $(if $(MODEL),model)
	@RUNS='$(RUNS)' FRAMES='$(FRAMES)' FORMAT='$(FORMAT)' SIZE='$(SIZE)' FPS='$(FPS)' \
		MODES='$(MODES)' CLOCK='$(CLOCK)' JOBS='$(JOBS)' MODEL='$(MODEL)' MODEL_FRAMES='$(MODEL_FRAMES)' qemu/pipeline.sh
endif

## make deps       install the Debian packages the project needs (as root or through sudo)
deps:
	@qemu/deps.sh

## make lab        build the patched arm64 kernel, the guest userland and the tools
lab: kernel userland tools kmod

## make kernel     unpack linux-source-BASE, apply patches/BASE/series, configure, build (ccache); KERNEL=BASE picks it (6.1 default, 6.12)
kernel: deps
	@qemu/kernel.sh

## make kmod       the out-of-tree modules of kmod/ (dma_nc_bench) for the lab kernel, into its /lib/modules/RELEASE/extra
kmod: kernel
	@kmod/dma_nc_bench/build.sh

## make model     the memory model (model/README.md): QEMU 10 from bookworm-backports unpacked in the cache,
##                 its TCG plugin (build/model) and the guest's hint module for the lab kernel
model: kernel
	@model/build.sh

## make model-validate   the model against the held-back stk1160 figures (RK3399), per platform:
##                 results/model/validation.md
model-validate: model kmod
	@model/validate.sh

## make build-arm32   the KERNEL base's series built for 32-bit arm (the objects it touches, lockdep on, warnings as errors)
build-arm32: kernel
	@patches/build-arm32.sh

## make check-arm32   the KERNEL base's series booted in a 32-bit arm guest (lockdep): one stream in every mode, nothing reported
check-arm32: kernel
	@tests/run tests/lab/arm32-guest.t

## make upstream-check   the upstream series of patches/upstream/ on the 7.3 base: each patch checkpatch --strict clean and building on its own
upstream-check: deps
	@$(MAKE) -s kernel KERNEL=7.3
	@patches/upstream/check.sh

## make kernel-dma-debug   the same kernel with CONFIG_DMA_API_DEBUG (qemu/kernel-dma-debug.config), and kmod/ for it
kernel-dma-debug: kernel
	@UVCDMA_KERNEL_VARIANT=dma-debug qemu/kernel.sh
	@UVCDMA_KERNEL_VARIANT=dma-debug kmod/dma_nc_bench/build.sh

## make kernel-debug   the same kernel with KASAN, UBSAN, lockdep, DMA-API debug, kmemleak, fault injection (qemu/kernel-debug.config)
kernel-debug: kernel
	@UVCDMA_KERNEL_VARIANT=debug qemu/kernel.sh

## make kernel-unpatched   the same base with no patch of the series (qemu/kernel-unpatched.config): what the series is compared against
kernel-unpatched: kernel
	@UVCDMA_KERNEL_VARIANT=unpatched qemu/kernel.sh

## make userland   unpack the guest's Debian arm64 userland (busybox, bpftrace, trace-cmd, v4l-utils)
userland: deps
	@qemu/userland.sh

## make tools      build each tools/<name>/ for the host (build/host) and the guest (build/arm64), and install
##                 the dma events' libtraceevent plugin in ~/.local/lib/traceevent/plugins (trace-cmd, KernelShark)
TOOLS := $(patsubst %/Makefile,%,$(wildcard tools/*/Makefile))
tools: deps userland
	@for t in $(TOOLS); do \
		$(MAKE) -s -C $$t OUT=$(CURDIR)/build/host || exit 1; \
		$(MAKE) -s -C $$t OUT=$(CURDIR)/build/arm64 CROSS_COMPILE=aarch64-linux-gnu- \
			SYSROOT=$(CURDIR)/build/guest-root || exit 1; \
	done
	@$(MAKE) -s -C tools/tep-plugin OUT=$(CURDIR)/build/host install

## make check      host unit tests and in-guest tests on the KERNEL base (6.1 by default), and on every other
##                 base the mode, trace-event and 32-bit tests, in one prove run, two files at a time
##                 (TEST_JOBS=N), guests on the icount clock; strict: a skip for want of what the lab provides fails
KERNEL_DEFAULT := $(shell sed -n 's/^KERNEL_DEFAULT=//p' qemu/lib.sh)
OTHER_BASES = $(filter-out $(or $(KERNEL),$(KERNEL_DEFAULT)),$(KERNEL_BASES))
check: lab kernel-dma-debug model
	@for b in $(OTHER_BASES); do $(MAKE) -s other-base-kernel KERNEL=$$b || exit 1; done
	@UVCDMA_STRICT=1 UVCDMA_TEST_JOBS='$(TEST_JOBS)' tests/run

# Another base's kernel (and the model's hint module for it) for make check. A target of its own so that the
# loop above is the only line with $(MAKE), the one make runs even under
# -n: 'make -n check' then builds no kernel.
other-base-kernel: model

test: check

## make check-breakages   the breakage suite (tests/breakages/list): each breakage (a bug put into uvcvideo, vcam or
##                 the tests' helpers, in a scratch copy) must make the tests listed with it fail; reports
##                 "caught by TEST" or "MISSED" for each, fails on a miss (BREAKAGES="NAME..." picks some)
check-breakages: lab
	@UVCDMA_STRICT=1 tests/breakages/run $(BREAKAGES)

## make check-debug   the robustness tests (tests/guest/robust, the mode and fault tests) on the debug kernel; prints the wall time
check-debug: lab kernel-debug
	@tests/run-debug

## make fuzz       every libFuzzer harness (uvcstat parsers and trace readers, vcam control requests and descriptors) FUZZ_TIME seconds each (default 60); crashes land in tests/host/fixtures/fuzz/
fuzz: deps
	@tests/fuzz/run.sh

## make fuzz-desc  vcam --fault desc-fuzz in a guest: SEEDS seeds (default 300) from SEED (default 1), each plugged, probed, streamed if it can, unplugged
fuzz-desc: lab
	@qemu/run --timeout $$(( $${SEEDS:-300} * 10 + 120 )) -- bash tests/fuzz/desc-seeds.sh "$${SEED:-1}" "$${SEEDS:-300}"

## make shell      an interactive guest on this terminal
shell: lab
	@qemu/run --shell

## make guest-run CMD='...'   run CMD in a fresh guest; prints its output, exits with its status
guest-run: lab
	@qemu/run -- bash -c "$$CMD"

## make plots      draw the figures of a results directory into RESULTS/plots (PNG, SVG; RESULTS=dir, default results/latest)
plots: deps
	@$(MAKE) -s -C tools/uvcstat OUT=$(CURDIR)/build/host
	@plots/draw.sh "$(if $(filter undefined,$(origin RESULTS)),$${UVCDMA_RESULTS_DIR:-results}/latest,$(RESULTS))"

## make bench-lab  benchmark: cold kernel build, no-op rebuild, boot-to-ready time
bench-lab: deps
	@qemu/bench-lab.sh

## make bench-stats  benchmark: decode cost of the series' statistics and trace events (TCG guest; icount and realtime clocks, CLOCK= picks one)
bench-stats: lab
	@bench/stats-overhead.sh

## make bench-vcam   benchmark: virtual camera at its nominal rate and free-running (fps, MB/s) beside the guest's memcpy (TCG; icount clock, CLOCK=realtime)
bench-vcam: lab
	@tools/vcam/bench.sh

## make bench-dma    benchmark: the DMA API's allocation strategies (kmod/dma_nc_bench) per lab configuration: alloc/free/sync times, copy bandwidth, tables and plots in results/<UTC>-dma/ (RESULTS=dir, ITERATIONS=, TCG; icount clock)
bench-dma: lab
	@RESULTS='$(RESULTS)' ITERATIONS='$(ITERATIONS)' bench/dma.sh

## make clean      remove build/ (guest root, links to the kernel trees); results/, the ccache and the shared kernel trees (~/.cache/uvcdma/trees) stay
clean:
	rm -rf build

## make distclean  make clean, then what the lab wrote outside the clone: the cache every clone of this machine shares
##                 (~/.cache/uvcdma: kernel trees, ccache, sources, QEMU 10) and the trace-cmd plugin in
##                 ~/.local/lib/traceevent/plugins; results/ and the Debian packages stay (qemu/distclean.sh)
distclean: clean
	@qemu/distclean.sh

## make help       this list
help:
	@sed -n 's/^## //p' Makefile

# uvcdma: one target per user action; the work is in small scripts under
# qemu/ (the guest lab) and tests/. Every target installs the missing
# Debian packages first ('make deps'). Nothing here runs kernel code on the
# host: kernels and modules run only inside QEMU guests.
#
# What each target does is written once, in docs/targets.md; 'make help'
# prints that table (qemu/make-help.sh), and tests/host/targets-doc.t
# checks that it names every rule here but INTERNAL_TARGETS.
INTERNAL_TARGETS := other-base-kernel

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

.PHONY: all deps lab kernel model model-validate upstream-check upstream-repro export-patches build-arm32 check-arm32 kmod kernel-dma-debug kernel-debug kernel-kcsan kernel-coverage coverage check-debug kernel-unpatched userland tools check check-breakages other-base-kernel test shell guest-run \
	bench-lab bench-stats bench-vcam bench-dma plots clean distclean help fuzz fuzz-desc

ifdef KERNELS
ifneq ($(filter-out none,$(MODEL)),)
$(error MODEL= does not combine with KERNELS=: run make MODEL="$(MODEL)" KERNEL=BASE for each base)
endif
all: deps userland tools
	@RUNS='$(RUNS)' FRAMES='$(FRAMES)' FORMAT='$(FORMAT)' SIZE='$(SIZE)' FPS='$(FPS)' \
		MODES='$(MODES)' CLOCK='$(CLOCK)' JOBS='$(JOBS)' KERNELS='$(KERNELS)' qemu/compare-bases.sh
else
# The memory model runs by default (qemu/pipeline.sh names the platforms);
# MODEL= chooses them, MODEL=none leaves it out.
all: lab $(if $(filter none,$(MODEL)),,model)
	@RUNS='$(RUNS)' FRAMES='$(FRAMES)' FORMAT='$(FORMAT)' SIZE='$(SIZE)' FPS='$(FPS)' \
		MODES='$(MODES)' CLOCK='$(CLOCK)' JOBS='$(JOBS)' $(if $(filter undefined,$(origin MODEL)),,MODEL='$(MODEL)') \
		MODEL_FRAMES='$(MODEL_FRAMES)' MODEL_BAND_FRAMES='$(MODEL_BAND_FRAMES)' qemu/pipeline.sh
endif

deps:
	@qemu/deps.sh

lab: kernel userland tools kmod

kernel: deps
	@qemu/kernel.sh

kmod: kernel
	@kmod/dma_nc_bench/build.sh

model: kernel
	@model/build.sh

model-validate: model kmod
	@model/validate.sh

build-arm32: kernel
	@patches/build-arm32.sh

check-arm32: kernel
	@tests/run tests/lab/arm32-guest.t

# linux-media 0001's use-after-free with upstream's own uvcvideo, without
# and with the fix, on the 7.3 debug kernel (patches/upstream/
# reproduce-stale-debugfs.sh; two debug guests, 21 min beside a check-debug)
upstream-repro: lab
	@$(MAKE) -s kernel-debug KERNEL=7.3
	@patches/upstream/reproduce-stale-debugfs.sh

upstream-check: deps
	@$(MAKE) -s kernel KERNEL=7.3
	@patches/upstream/check.sh

# FROM="Name <address>" signs as that instead of git config's user; SERIES=
# picks folders of patches/ (6.1, upstream/linux-media...), all by default.
export-patches:
	@patches/export.sh $(if $(FROM),--from '$(FROM)') $(SERIES)

kernel-dma-debug: kernel
	@UVCDMA_KERNEL_VARIANT=dma-debug qemu/kernel.sh
	@UVCDMA_KERNEL_VARIANT=dma-debug kmod/dma_nc_bench/build.sh

kernel-debug: kernel
	@UVCDMA_KERNEL_VARIANT=debug qemu/kernel.sh

kernel-kcsan: kernel
	@UVCDMA_KERNEL_VARIANT=kcsan qemu/kernel.sh

kernel-coverage: kernel
	@UVCDMA_KERNEL_VARIANT=coverage qemu/kernel.sh
	@UVCDMA_KERNEL_VARIANT=coverage kmod/dma_nc_bench/build.sh

kernel-unpatched: kernel
	@UVCDMA_KERNEL_VARIANT=unpatched qemu/kernel.sh

userland: deps
	@qemu/userland.sh

TOOLS := $(patsubst %/Makefile,%,$(wildcard tools/*/Makefile))
# The tools compile through the lab's ccache (qemu/lib.sh's, as tests/run
# finds it), on every core: in a fresh clone they are otherwise the longest
# part of 'make lab' once the kernels are built.
TOOLS_CCACHE_DIR = $(shell bash -c '. qemu/lib.sh && echo "$${CCACHE_DIR:-$$CACHE_DIR/ccache}"')
TOOLS_MAKE = CCACHE_DIR=$(TOOLS_CCACHE_DIR) $(MAKE) -s -j$(shell nproc) CCACHE=$(if $(shell command -v ccache),ccache)
tools: deps userland
	@for t in $(TOOLS); do \
		$(TOOLS_MAKE) -C $$t OUT=$(CURDIR)/build/host || exit 1; \
		$(TOOLS_MAKE) -C $$t OUT=$(CURDIR)/build/arm64 CROSS_COMPILE=aarch64-linux-gnu- \
			SYSROOT=$(CURDIR)/build/guest-root || exit 1; \
	done
	@$(MAKE) -s -C tools/tep-plugin OUT=$(CURDIR)/build/host install

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

check-breakages: lab kernel-debug
	@for b in $$(tests/breakages/run --bases $(BREAKAGES)); do \
		case $$b in \
		*:debug) $(MAKE) -s kernel-debug KERNEL=$${b%:debug} || exit 1 ;; \
		*) [ "$$b" = "$(or $(KERNEL),$(KERNEL_DEFAULT))" ] || $(MAKE) -s other-base-kernel KERNEL=$$b || exit 1 ;; \
		esac; done
	@UVCDMA_STRICT=1 tests/breakages/run $(BREAKAGES)

check-debug: lab kernel-debug
	@tests/run-debug

# The guest tests of make check, on the coverage kernel; TESTS="..."
# picks files or folders, RECORD=1 records the figures the run is checked
# against.
coverage: lab kernel-coverage
	@COVERAGE_RECORD='$(RECORD)' qemu/coverage.sh $(TESTS)

fuzz: deps
	@tests/fuzz/run.sh

fuzz-desc: lab
	@qemu/run --timeout $$(( $${SEEDS:-300} * 20 + 120 )) -- bash -c 'bash tests/fuzz/desc-seeds.sh "$$1" "$$2" desc-fuzz && \
		bash tests/fuzz/desc-seeds.sh "$$1" "$$2" desc-gen' desc-seeds "$${SEED:-1}" "$${SEEDS:-300}"

shell: lab
	@qemu/run --shell

guest-run: lab
	@qemu/run -- bash -c "$$CMD"

plots: deps
	@$(MAKE) -s -C tools/uvcstat OUT=$(CURDIR)/build/host
	@plots/draw.sh "$(if $(filter undefined,$(origin RESULTS)),$${UVCDMA_RESULTS_DIR:-results}/latest,$(RESULTS))"

bench-lab: deps
	@qemu/bench-lab.sh

bench-stats: lab
	@bench/stats-overhead.sh

bench-vcam: lab
	@tools/vcam/bench.sh

bench-dma: lab
	@RESULTS='$(RESULTS)' ITERATIONS='$(ITERATIONS)' bench/dma.sh

clean:
	rm -rf build

distclean: clean
	@qemu/distclean.sh

help:
	@qemu/make-help.sh docs/targets.md

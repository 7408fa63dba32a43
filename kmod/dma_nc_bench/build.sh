#!/usr/bin/env bash
# Build dma_nc_bench.ko against the lab kernel and install it into the
# guest's module tree (qemu/build-module.sh says where and how).
#   kmod/dma_nc_bench/build.sh            the main kernel
#   UVCDMA_KERNEL_VARIANT=dma-debug kmod/dma_nc_bench/build.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# markers.h: the memory model's hints (bench.c, model_windows=1)
exec "$here/../../qemu/build-module.sh" dma_nc_bench "$here" "$here/../../model/markers.h"

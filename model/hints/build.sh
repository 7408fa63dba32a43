#!/usr/bin/env bash
# Build uvcdma_model_hints.ko against the lab kernel and install it into
# the guest's module tree (qemu/build-module.sh says where and how).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../../qemu/build-module.sh" uvcdma_model_hints "$here" "$here/../markers.h"

#!/bin/bash
# In the guest: the filesystems the tools and tests rely on are mounted.
set -euo pipefail
. tests/lib/tap.sh
plan 10

mounted() { awk -v d="$1" -v t="$2" '$2 == d && $3 == t { f = 1 } END { exit !f }' /proc/mounts; }

check "tracefs mounted on /sys/kernel/tracing" mounted /sys/kernel/tracing tracefs
check "debugfs mounted on /sys/kernel/debug" mounted /sys/kernel/debug debugfs
check "results directory shared at /results" mounted /results 9p
check "repository shared at /uvcdma" mounted /uvcdma 9p
check "tracefs lists events" test -r /sys/kernel/tracing/available_events
check "syscall trace events exist (FTRACE_SYSCALLS)" \
	grep -qx 'syscalls:sys_enter_openat' /sys/kernel/tracing/available_events
check "kernel BTF present (DEBUG_INFO_BTF)" test -r /sys/kernel/btf/vmlinux
check "results directory is writable" bash -c 'touch /results/.write-test.$$ && rm /results/.write-test.$$'
is "$(uname -m)" aarch64 "the guest is arm64"
# The base and variant of the run that started the guest (qemu/run passes
# them): the release is the base's, with the variant's LOCALVERSION.
base=${UVCDMA_KERNEL:-$(sed -n 's/^KERNEL_DEFAULT=//p' qemu/lib.sh)}
variant=${UVCDMA_KERNEL_VARIANT:-}
suffix=$(sed -n 's/^CONFIG_LOCALVERSION="\(.*\)"$/\1/p' "qemu/kernel${variant:+-$variant}.config")
like "$(uname -r)" "^${base//./\\.}\.[0-9]+$suffix\$" "the guest runs the lab's $base kernel${variant:+, variant $variant}"
done_testing

#!/bin/bash
# In the guest: the filesystems the tools and tests rely on are mounted.
set -euo pipefail
. tests/lib/tap.sh

mounted() { awk -v d="$1" -v t="$2" '$2 == d && $3 == t { f = 1 } END { exit !f }' /proc/mounts; }

mounted /sys/kernel/tracing tracefs; ok $? "tracefs mounted on /sys/kernel/tracing"
mounted /sys/kernel/debug debugfs; ok $? "debugfs mounted on /sys/kernel/debug"
mounted /results 9p; ok $? "results directory shared at /results"
mounted /uvcdma 9p; ok $? "repository shared at /uvcdma"
[ -r /sys/kernel/tracing/available_events ]; ok $? "tracefs lists events"
grep -q '^syscalls:sys_enter_openat$' /sys/kernel/tracing/available_events
ok $? "syscall trace events exist (FTRACE_SYSCALLS)"
[ -r /sys/kernel/btf/vmlinux ]; ok $? "kernel BTF present (DEBUG_INFO_BTF)"
touch /results/.write-test && rm /results/.write-test; ok $? "results directory is writable"
is "$(uname -m)" aarch64 "the guest is arm64"
like "$(uname -r)" '^6\.1\.[0-9]+-uvcdma$' "the guest runs the lab kernel"
done_testing

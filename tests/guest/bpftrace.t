#!/bin/bash
# In the guest: bpftrace attaches to a tracepoint and reads a typed field
# through BTF (without BTF, bpftrace 0.17 cannot read args->filename).
set -euo pipefail
. tests/lib/tap.sh
plan 4

probe='tracepoint:syscalls:sys_enter_openat /pid == cpid/ { printf("opened %s\n", str(args->filename)); }'
out=$(bpftrace -e "$probe" -c '/bin/cat /uvcdma/qemu/kernel.config' 2>&1) && st=0 || st=$?
ok "$st" "bpftrace runs a tracepoint one-liner"
like "$out" 'opened /uvcdma/qemu/kernel.config' "args->filename read as a string"

out=$(bpftrace -e 'tracepoint:syscalls:sys_enter_openat { @[comm] = count(); }' -c '/bin/true' 2>&1) && st=0 || st=$?
ok "$st" "bpftrace aggregates into a map"
like "$out" '@\[true\]: [0-9]+' "the map is printed at exit"
done_testing

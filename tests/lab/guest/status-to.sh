#!/bin/bash
# status-to.sh FILE CMD...: run CMD with its output, then "exit STATUS",
# in FILE; for a command run by another that drops its status (bpftrace -c).
set -u
file=$1
shift
"$@" >"$file" 2>&1
echo "exit $?" >>"$file"

#!/usr/bin/env bash
# bench/guest/bpf-kit.sh, the bpftrace kit's run in the main job, with a
# stub bpftrace: a script that ends well leaves its output and no .err; one
# that warns leaves .warnings; one that fails leaves .err; one that ignores
# SIGINT and SIGTERM is reported (.hang: where each thread is), killed, and
# run again once (the first attempt kept as .hang.1, .err.1); one that
# hangs twice fails; a failed capture stops every script and says so.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/bpf" "$work/out"

# The stub: NAME.bt's behaviour comes from its name. "stubborn" ignores
# INT and TERM on its first start only (a marker file), "mule" always.
# Perl, not bash: a background job of a non-interactive shell starts with
# SIGINT ignored, which a bash trap cannot undo but sigaction (bpftrace's,
# Perl's %SIG) can.
cat >"$work/bin/bpftrace" <<'STUB'
#!/usr/bin/perl
use strict;
use warnings;
$| = 1;
my ($name) = $ARGV[0] =~ m{([^/]+)\.bt$};
my $state = $ENV{STUB_STATE} or die "STUB_STATE unset\n";
open(my $log, '>>', "$state/starts") or die; print $log "$name\n"; close($log);
if ($name eq 'dies') { print STDERR "ERROR: no such tracepoint\n"; exit 1; }
if ($name eq 'mule' || ($name eq 'stubborn' && !-e "$state/stubborn-once")) {
	open(my $m, '>', "$state/stubborn-once") or die; close($m);
	$SIG{INT} = $SIG{TERM} = 'IGNORE';
} else {
	$SIG{INT} = sub {
		print "\@$name: 1\n";
		print STDERR "WARNING: lost events\n" if $name eq 'warns';
		exit 0;
	};
}
print "Tracing\n";
sleep 1 while 1;
STUB
chmod +x "$work/bin/bpftrace"

# run NAME... -- MODE...: bpf_kit_run in a fresh output directory; the
# capture of mode "broken" fails.
run() {
	rm -rf "$work/out" "$work/state"
	mkdir -p "$work/out" "$work/state"
	(
		cd "$work"
		export PATH=$work/bin:$PATH STUB_STATE=$work/state BPF_STOP_WAIT_S=1
		progress() { echo "progress: $*"; }
		capture() { [ "$1" != broken ] && echo "captured $1" >"$2"; }
		. "$top/bench/guest/bpf-kit.sh"
		bpf_kit_run "$work/out" "$@"
	) >"$work/log" 2>&1
}
files() { find "$work/out" -mindepth 1 -printf '%f\n' | LC_ALL=C sort | tr '\n' ' '; }

run ends warns dies -- noncontiguous coherent && st=0 || st=$?
is "$st" 0 "three scripts, two modes captured: success"
is "$(files)" "dies.err dies.txt ends.txt run-coherent.txt run-noncontiguous.txt warns.txt warns.warnings " \
	"ends: output only; warns: .warnings; dies: .err"
is "$(cat "$work/out/ends.txt")" "$(printf 'Tracing\n@ends: 1')" "SIGINT: the script printed its maps"
like "$(cat "$work/out/dies.err")" "no such tracepoint" "dies.err: bpftrace's own error"
like "$(cat "$work/log")" "WARNING: dies.bt failed: ERROR: no such tracepoint" "the failure is announced"

run ends stubborn -- noncontiguous && st=0 || st=$?
is "$st" 0 "a script that hung once and then ended: success"
is "$(files)" "ends.txt run-noncontiguous.txt stubborn.err.1 stubborn.hang.1 stubborn.txt " \
	"the first attempt's .err.1 and .hang.1 kept, no .err"
is "$(sort "$work/state/starts" | uniq -c | awk '{ print $2 "=" $1 }' | tr '\n' ' ')" "ends=1 stubborn=2 " \
	"only the script that hung started again"
is "$(cat "$work/out/stubborn.err.1")" "$(printf 'bpf-kit.sh: stubborn.bt did not end within 1 s of SIGINT (where: stubborn.hang)\nbpf-kit.sh: stubborn.bt: SIGTERM\nbpf-kit.sh: stubborn.bt: SIGKILL')" \
	"SIGINT, then SIGTERM, then SIGKILL, each named"
like "$(cat "$work/out/stubborn.hang.1")" "State:.*" "the hang report has the process state"
like "$(cat "$work/out/stubborn.hang.1")" "-- thread [0-9]+ bpftrace: state S, wchan" "and each thread's state and wait channel"
like "$(cat "$work/log")" "progress: bpf: again, after a hang: stubborn" "the second start is announced"
is "$(cat "$work/out/stubborn.txt")" "$(printf 'Tracing\n@stubborn: 1')" "the second start printed its maps"

run mule -- noncontiguous && st=0 || st=$?
is "$st" 0 "a script that hangs twice: the run itself goes on"
is "$(files)" "mule.err mule.err.1 mule.hang mule.hang.1 mule.txt run-noncontiguous.txt " \
	"a second hang leaves .err and .hang: the main job's test fails on .err"

run ends warns -- noncontiguous broken coherent && st=0 || st=$?
is "$st" 1 "a failed capture: status 1"
like "$(cat "$work/log")" "progress: bpf: broken: the capture failed" "the failed capture is announced"
ok "$([ ! -e "$work/out/run-coherent.txt" ] && echo 0 || echo 1)" "no capture after the failed one"
is "$(cat "$work/out/ends.txt")" "$(printf 'Tracing\n@ends: 1')" "every script was still stopped and printed its maps"
ok "$(pgrep -f "$work/bin/bpftrace" >/dev/null && echo 1 || echo 0)" "no stub left running"
done_testing

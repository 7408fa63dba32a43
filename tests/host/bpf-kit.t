#!/usr/bin/env bash
# bench/guest/bpf-kit.sh, the bpftrace kit's run in the main job, with a
# stub bpftrace: a script that ends well leaves its output and no .err; one
# that warns leaves .warnings; one that fails leaves .err; one that, like
# bpftrace 0.17 now and then, needs a second SIGINT gets it and ends well
# (noted in .warnings); one that never ends is killed and leaves .err and
# .hang (where each thread was); a failed capture stops every script and
# says so.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 21
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/bpf" "$work/out"

# The stub: NAME.bt's behaviour comes from its name. "stubborn" ends on
# its second SIGINT, "mule" never. Perl, not bash: a background job of a
# non-interactive shell starts with SIGINT ignored, which a bash trap
# cannot undo but sigaction (bpftrace's, Perl's %SIG) can.
cat >"$work/bin/bpftrace" <<'STUB'
#!/usr/bin/perl
use strict;
use warnings;
$| = 1;
my ($name) = $ARGV[0] =~ m{([^/]+)\.bt$};
my $state = $ENV{STUB_STATE} or die "STUB_STATE unset\n";
open(my $log, '>>', "$state/starts") or die; print $log "$name\n"; close($log);
if ($name eq 'dies') { print STDERR "ERROR: no such tracepoint\n"; exit 1; }
my $ints = 0;
$SIG{INT} = sub {
	$ints++;
	return if $name eq 'mule' || ($name eq 'stubborn' && $ints < 2);
	print "\@$name: 1\n";
	print STDERR "WARNING: lost events\n" if $name eq 'warns';
	exit 0;
};
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
		export PATH=$work/bin:$PATH STUB_STATE=$work/state BPF_STOP_WAIT_S=${STOP_WAIT:-2}
		progress() { echo "progress: $*"; }
		capture() { [ "$1" != broken ] && echo "captured $1" >"$2"; }
		. "$top/bench/guest/bpf-kit.sh"
		bpf_kit_run "$work/out" "$@"
	) >"$work/log" 2>&1
}
# maps_printed NAME WHAT: NAME.bt ended on SIGINT and printed its maps.
maps_printed() { is "$(cat "$work/out/$1.txt")" "$(printf 'Tracing\n@%s: 1' "$1")" "$2"; }
files() { find "$work/out" -mindepth 1 -printf '%f\n' | LC_ALL=C sort | tr '\n' ' '; }

run ends warns dies -- noncontiguous coherent && st=0 || st=$?
is "$st" 0 "three scripts, two modes captured: success"
is "$(files)" "dies.err dies.txt ends.txt run-coherent.txt run-noncontiguous.txt warns.txt warns.warnings " \
	"ends: output only; warns: .warnings; dies: .err"
maps_printed ends "SIGINT: the script printed its maps"
like "$(cat "$work/out/dies.err")" "no such tracepoint" "dies.err: bpftrace's own error"
like "$(cat "$work/log")" "WARNING: dies.bt failed: ERROR: no such tracepoint" "the failure is announced"

STOP_WAIT=7 run ends stubborn -- noncontiguous && st=0 || st=$?
is "$st" 0 "a script that needed a second SIGINT: success"
is "$(files)" "ends.txt run-noncontiguous.txt stubborn.txt stubborn.warnings " "no .err, a .warnings"
is "$(cat "$work/out/stubborn.warnings")" "bpf-kit.sh: stubborn.bt still running 5 s after SIGINT: SIGINT again" \
	"the second SIGINT, 5 s on, is noted"
maps_printed stubborn "it printed its maps"

STOP_WAIT=6 run ends mule -- noncontiguous && st=0 || st=$?
is "$st" 0 "a script that never ends: the run itself goes on"
is "$(files)" "ends.txt mule.err mule.hang mule.txt run-noncontiguous.txt " "it leaves .err and .hang"
is "$(cat "$work/out/mule.err")" "$(printf 'bpf-kit.sh: mule.bt still running 5 s after SIGINT: SIGINT again\nbpf-kit.sh: mule.bt did not end within 6 s of SIGINT: SIGKILL (where it was: mule.hang)')" \
	"SIGINT again at 5 s, SIGKILL at the limit, each named"
like "$(cat "$work/out/mule.hang")" "State:.*" "the hang report has the process state"
like "$(cat "$work/out/mule.hang")" "-- thread [0-9]+ bpftrace: state S, wchan" "and each thread's state and wait channel"
like "$(cat "$work/log")" "WARNING: mule.bt failed: bpf-kit.sh: mule.bt did not end within 6 s" "the kill is announced"
is "$(sort "$work/state/starts" | uniq -c | awk '{ print $2 "=" $1 }' | tr '\n' ' ')" "ends=1 mule=1 " \
	"each script started once"

run ends warns -- noncontiguous broken coherent && st=0 || st=$?
is "$st" 1 "a failed capture: status 1"
like "$(cat "$work/log")" "progress: bpf: broken: the capture failed" "the failed capture is announced"
ok "$([ ! -e "$work/out/run-coherent.txt" ] && echo 0 || echo 1)" "no capture after the failed one"
maps_printed ends "every script was still stopped and printed its maps"
ok "$(pgrep -f "$work/bin/bpftrace" >/dev/null && echo 1 || echo 0)" "no stub left running"
done_testing

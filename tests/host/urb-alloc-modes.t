#!/usr/bin/env bash
# The URB allocation modes are one list: tools/common/urb_alloc_modes.h
# (read through a program compiled against it), tools/common/urb_alloc_modes.sh,
# the kernel series of every base (its one list, #define UVC_URB_ALLOC_MODES
# in patches/BASE/*.patch, which enum uvc_urb_alloc, uvc_urb_alloc_names[]
# and the trace events' TRACE_DEFINE_ENUM and show_uvc_urb_alloc() expand) and the
# bpftrace scripts' `@urb_alloc_mode[N] = "name";` lines (bpf/*.bt that have
# them) name the same modes in the same order. The .sh's set of modes that
# are never synced is the set uvc_urb_sync_for_cpu()/_for_device() have no
# case for. The same comparison must fail on copies altered in each place.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

command -v "${CC:-cc}" >/dev/null || skip_all "no C compiler (${CC:-cc})"

# A program that prints the header's list, "ID name" a line in enum order,
# and checks that the header's own functions agree with its X-macro.
cat >"$tmp/modes.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include "urb_alloc_modes.h"

int main(void)
{
	int bad = 0;

#define PRINT_MODE(id, name)						\
	printf("%s %s\n", #id, name);					\
	if (urb_alloc_mode_parse(name) != URB_ALLOC_##id ||		\
	    strcmp(urb_alloc_mode_name(URB_ALLOC_##id), name) != 0)	\
		bad = 1;
	URB_ALLOC_MODES(PRINT_MODE)
#undef PRINT_MODE
	if (urb_alloc_mode_name(URB_ALLOC_MODE_COUNT) ||
	    urb_alloc_mode_name(-1) || urb_alloc_mode_parse("none") != -1)
		bad = 1;
	return bad;
}
EOF

# header_modes ROOT: the header's "ID name" lines.
# (compiled once per distinct header content)
header_modes() {
	local bin
	bin=$tmp/modes-$(md5sum <"$1/tools/common/urb_alloc_modes.h" | cut -c1-32)
	[ -x "$bin" ] || "${CC:-cc}" -std=c11 -Wall -Wextra -Werror -I "$1/tools/common" -o "$bin" "$tmp/modes.c" ||
		{ echo "urb_alloc_modes.h: the program does not compile against it" >&2; return 1; }
	"$bin" || { echo "urb_alloc_modes.h: urb_alloc_mode_name/_parse disagree with URB_ALLOC_MODES" >&2; return 1; }
}

# sh_modes ROOT / sh_unsynced ROOT: URB_ALLOC_MODES / URB_ALLOC_MODES_UNSYNCED, one a line.
sh_modes() { (. "$1/tools/common/urb_alloc_modes.sh" && printf '%s\n' "${URB_ALLOC_MODES[@]}"); }
sh_unsynced() {
	(
		. "$1/tools/common/urb_alloc_modes.sh"
		local m
		for m in "${URB_ALLOC_MODES[@]}"; do urb_alloc_mode_syncs "$m" || echo "$m"; done
	)
}

# patch_adding ROOT REGEX: the one patch whose added lines match REGEX.
patch_adding() {
	local files
	files=$(grep -l -E -- "^\\+$2" "$1"/patches/"$base"/*.patch || true)
	[ "$(grep -c . <<<"$files")" -eq 1 ] ||
		{ echo "patches: not exactly one patch adds /$2/: ${files:-none}" >&2; return 1; }
	echo "$files"
}

# kernel_modes ROOT: "ID name" (UVC_URB_ALLOC_ stripped) of each EM()/EMe()
# line of the kernel's one list, #define UVC_URB_ALLOC_MODES, in order;
# fails when no patch or more than one defines it, or it has no mode.
kernel_modes() {
	local f out
	f=$(patch_adding "$1" '#define UVC_URB_ALLOC_MODES') || return 1
	out=$(sed -n '/^+#define UVC_URB_ALLOC_MODES/,/^+[^\\]*$/s/^+[[:space:]]*EMe\{0,1\}(UVC_URB_ALLOC_\([A-Z0-9_]*\),[[:space:]]*"\([^"]*\)").*/\1 \2/p' "$f")
	[ -n "$out" ] || { echo "patches: UVC_URB_ALLOC_MODES has no EM() line" >&2; return 1; }
	echo "$out"
}
kernel_enum() { kernel_modes "$1" | cut -d' ' -f1; }

# expands ROOT WHAT REGEX: the one patch that adds WHAT also adds a line
# matching REGEX (the list expanded there, not written out again).
expands() {
	local f
	f=$(patch_adding "$1" "$2") || return 1
	grep -q -E -- "^\\+$3" "$f" || { echo "patches: /$2/ does not expand UVC_URB_ALLOC_MODES" >&2; return 1; }
}
# kernel_trace_modes ROOT: the trace events' modes, i.e. the list when
# TRACE_DEFINE_ENUM and show_uvc_urb_alloc() are expansions of it, as are
# enum uvc_urb_alloc and uvc_urb_alloc_names[].
kernel_trace_modes() {
	expands "$1" 'enum uvc_urb_alloc \{$' '[[:space:]]*UVC_URB_ALLOC_MODES$' &&
		expands "$1" 'static const char \* const uvc_urb_alloc_names\[' '[[:space:]]*UVC_URB_ALLOC_MODES$' &&
		expands "$1" '#define show_uvc_urb_alloc\(' '#define EM\(id, name\)[[:space:]]+TRACE_DEFINE_ENUM\(id\);$' &&
		expands "$1" '#define show_uvc_urb_alloc\(' '#define show_uvc_urb_alloc\(mode\) __print_symbolic\(mode, UVC_URB_ALLOC_MODES\)$' &&
		kernel_modes "$1"
}

# kernel_unsynced ROOT: the names of the modes that neither
# uvc_urb_sync_for_cpu() nor uvc_urb_sync_for_device() names, in a case or
# in an "if (stream->urb_alloc == ...)" (7.3: the syncs of a mode, or the
# early return of the one usbcore syncs).
kernel_unsynced() {
	local f modes
	f=$(patch_adding "$1" 'static void uvc_urb_sync_for_cpu\(') || return 1
	modes=$(kernel_modes "$1") || return 1
	sed -n -e '/^+static void uvc_urb_sync_for_\(cpu\|device\)(/,/^+}$/s/^+[[:space:]]*case UVC_URB_ALLOC_\([A-Z0-9_]*\):$/\1/p' \
		-e '/^+static void uvc_urb_sync_for_\(cpu\|device\)(/,/^+}$/s/^+[[:space:]]*if (stream->urb_alloc == UVC_URB_ALLOC_\([A-Z0-9_]*\))$/\1/p' "$f" |
		awk 'NR == FNR { synced[$1] = 1; n++; next }
			n == 0 { print "patches: no case in uvc_urb_sync_for_cpu/_for_device" > "/dev/stderr"; exit 1 }
			!($1 in synced) { print $2 }' - <(printf '%s\n' "$modes")
}

# bpf_lists ROOT: "FILE name name ..." for each bpf/*.bt that keys by mode
# name; fails when a file's @urb_alloc_mode indices are not 0, 1, 2... in order.
bpf_lists() {
	local f
	for f in "$1"/bpf/*.bt; do
		[ -f "$f" ] || continue
		awk -v f="${f#"$1"/}" '
			/^[[:space:]]*@urb_alloc_mode\[[0-9]+\] = "[^"]*";[[:space:]]*$/ {
				split($0, idx, /[][]/)
				split($0, q, "\"")
				if (idx[2] != n) bad = 1
				names = names (n ? " " : "") q[2]
				n++
			}
			END {
				if (bad) { print f ": @urb_alloc_mode indices are not 0, 1, 2... in order" > "/dev/stderr"; exit 1 }
				if (n) print f, names
			}' "$f" || return 1
	done
}

# disagreements ROOT: one line per place that disagrees with the kernel's
# enum and names[] (stdout), nothing when all agree; status 1 on any.
disagreements() {
	local root=$1 kernel names f names_bt list bad=0
	kernel=$(kernel_modes "$root") || { echo "kernel: cannot read the modes from patches/"; return 1; }
	names=$(cut -d' ' -f2 <<<"$kernel")
	[ -n "$names" ] || { echo "kernel: no modes in patches/"; return 1; }
	[ "$(header_modes "$root" 2>&1)" = "$kernel" ] ||
		{ echo "urb_alloc_modes.h: $(header_modes "$root" 2>&1 | paste -sd ' ') != kernel: $(paste -sd ' ' <<<"$kernel")"; bad=1; }
	[ "$(sh_modes "$root" 2>&1)" = "$names" ] ||
		{ echo "urb_alloc_modes.sh: $(sh_modes "$root" 2>&1 | paste -sd ' ') != kernel: $(paste -sd ' ' <<<"$names")"; bad=1; }
	[ "$(kernel_trace_modes "$root" 2>&1)" = "$kernel" ] ||
		{ echo "show_uvc_urb_alloc(): $(kernel_trace_modes "$root" 2>&1 | paste -sd ' ') != UVC_URB_ALLOC_MODES"; bad=1; }
	[ "$(sh_unsynced "$root" 2>&1)" = "$(kernel_unsynced "$root" 2>&1)" ] ||
		{ echo "URB_ALLOC_MODES_UNSYNCED: $(sh_unsynced "$root" 2>&1 | paste -sd ' ') != kernel, never synced: $(kernel_unsynced "$root" 2>&1 | paste -sd ' ')"; bad=1; }
	for f in $(cd "$root" && . tools/common/urb_alloc_modes.sh && echo "${URB_ALLOC_MODES_UNSYNCED[@]}"); do
		grep -qx -- "$f" <<<"$names" || { echo "URB_ALLOC_MODES_UNSYNCED: $f is not a mode"; bad=1; }
	done
	list=$(bpf_lists "$root" 2>"$tmp/bpf.err") || { cat "$tmp/bpf.err"; return 1; }
	while read -r f names_bt; do
		[ -n "$f" ] || continue
		[ "$names_bt" = "$(paste -sd ' ' <<<"$names")" ] ||
			{ echo "$f: @urb_alloc_mode $names_bt != kernel: $(paste -sd ' ' <<<"$names")"; bad=1; }
	done <<<"$list"
	return "$bad"
}

# The bpf scripts keyed by mode name, each checked below.
bpf=$(bpf_lists "$top" 2>/dev/null || true)
series_files=("$top"/patches/*/series)
# one for each base's series, 1, one for each bpf script keyed by mode
# name, the unaltered copy 1, 10 altered copies of 2 tests each
plan $((${#series_files[@]} + 1 + $(grep -c . <<<"$bpf" || true) + 1 + 10 * 2))

# The repository's own places, for the series of every base.
for series in "${series_files[@]}"; do
	base=${series%/series}
	base=${base##*/}
	out=$(disagreements "$top") && st=0 || st=$?
	ok "$st" "$base: header, .sh, kernel enum, names[], trace names and never-synced set agree"
	[ "$st" -eq 0 ] || diag "$out"
done
# The rest works on the default base's series.
base=6.1
diag "modes: $(sh_modes "$top" | paste -sd ' ' -); never synced: $(sh_unsynced "$top" | paste -sd ' ' -)"
like "$(kernel_modes "$top")" '^NONCONTIGUOUS noncontiguous$' "the kernel's list is read from the series"
if [ -n "$bpf" ]; then
	while read -r f names; do
		is "$names" "$(sh_modes "$top" | paste -sd ' ')" "$f: its @urb_alloc_mode lines name the modes in order"
	done <<<"$bpf"
else
	diag "no bpf/*.bt has @urb_alloc_mode[N] = \"name\"; lines: nothing to check there"
fi

# The comparison fails on copies altered in each place. copy_root: the
# files the comparison reads, plus a bpf script written from the .sh list.
copy_root() {
	local d=$tmp/copy-$1 i=0 m
	rm -rf "$d"
	mkdir -p "$d/tools/common" "$d/patches/$base" "$d/bpf"
	cp "$top"/tools/common/urb_alloc_modes.{h,sh} "$d/tools/common/"
	cp "$top"/patches/"$base"/*.patch "$d/patches/$base/"
	cp "$top"/bpf/*.bt "$d/bpf/" 2>/dev/null || true
	{
		echo 'BEGIN {'
		for m in $(sh_modes "$top"); do
			printf '\t@urb_alloc_mode[%d] = "%s";\n' "$i" "$m"
			i=$((i + 1))
		done
		echo '}'
	} >"$d/bpf/zz-test.bt"
	echo "$d"
}
root=$(copy_root same)
out=$(disagreements "$root") && st=0 || st=$?
ok "$st" "an unaltered copy (with a bpf script keyed by name) agrees"
[ "$st" -eq 0 ] || diag "$out"

# mismatch NAME ROOT REGEX: the comparison fails on ROOT, naming the place.
mismatch() {
	local out st
	out=$(disagreements "$2") && st=0 || st=$?
	is "$st" 1 "$1: the comparison fails"
	like "$out" "$3" "$1: it names the place"
}
first=$(sh_modes "$top" | sed -n 1p)
second=$(sh_modes "$top" | sed -n 2p)

root=$(copy_root header)
# swap the first two X() lines of the header
awk '/^\tX\(/ && ++n == 1 { held = $0; next } { print } /^\tX\(/ && n == 2 { print held }' \
	"$top/tools/common/urb_alloc_modes.h" >"$root/tools/common/urb_alloc_modes.h"
mismatch "header with two modes swapped" "$root" '^urb_alloc_modes\.h: '

root=$(copy_root sh)
sed -i "/^URB_ALLOC_MODES=(/s/ $second / renamed /" "$root/tools/common/urb_alloc_modes.sh"
mismatch ".sh with a mode renamed" "$root" '^urb_alloc_modes\.sh: .*renamed'

root=$(copy_root unsynced)
sed -i 's/^URB_ALLOC_MODES_UNSYNCED=(.*)$/URB_ALLOC_MODES_UNSYNCED=()/' "$root/tools/common/urb_alloc_modes.sh"
mismatch ".sh saying every mode syncs" "$root" '^URB_ALLOC_MODES_UNSYNCED: '

root=$(copy_root enum)
f=$(patch_adding "$root" '#define UVC_URB_ALLOC_MODES')
up_first=$(kernel_enum "$top" | sed -n 1p)
# swap the first two EM() lines of the kernel's list
awk '/^\+[[:space:]]*EM\(UVC_URB_ALLOC_/ && ++n == 1 { held = $0; next } { print } /^\+[[:space:]]*EM\(UVC_URB_ALLOC_/ && n == 2 { print held }' \
	"$f" >"$f.new" && mv "$f.new" "$f"
mismatch "kernel list with two modes swapped" "$root" '^urb_alloc_modes\.h: '

root=$(copy_root names)
f=$(patch_adding "$root" '#define UVC_URB_ALLOC_MODES')
sed -i "s/^\(+[[:space:]]*EMe\{0,1\}(UVC_URB_ALLOC_$up_first,[[:space:]]*\"\)$first\"/\1renamed\"/" "$f"
mismatch "kernel list with a mode renamed" "$root" '^urb_alloc_modes\.sh: .* != kernel: renamed '

root=$(copy_root trace)
f=$(patch_adding "$root" '#define show_uvc_urb_alloc\(')
sed -i 's/^+#define show_uvc_urb_alloc(mode) __print_symbolic(mode, UVC_URB_ALLOC_MODES)$/+#define show_uvc_urb_alloc(mode) __print_symbolic(mode, { 0, "noncontiguous" })/' "$f"
mismatch "trace events writing the modes out again" "$root" '^show_uvc_urb_alloc\(\): '

# a case for the first never-synced mode in uvc_urb_sync_for_cpu()
root=$(copy_root sync)
f=$(patch_adding "$root" 'static void uvc_urb_sync_for_cpu\(')
unsynced=$(sh_unsynced "$top" | sed -n 1p)
unsynced_id=$(kernel_modes "$top" | awk -v m="$unsynced" '$2 == m { print $1 }')
sed -i "/^+static void uvc_urb_sync_for_cpu(/,/^+}\$/s/^+[[:space:]]*case UVC_URB_ALLOC_$up_first:\$/+\tcase UVC_URB_ALLOC_$unsynced_id:\\n&/" "$f"
mismatch "kernel syncing $unsynced" "$root" '^URB_ALLOC_MODES_UNSYNCED: '

root=$(copy_root unsynced-typo)
sed -i 's/^URB_ALLOC_MODES_UNSYNCED=(/&typo /' "$root/tools/common/urb_alloc_modes.sh"
mismatch ".sh naming a never-synced mode that does not exist" "$root" '^URB_ALLOC_MODES_UNSYNCED: typo is not a mode'

root=$(copy_root bpf)
sed -i "s/\"$first\";/\"$second\";/" "$root/bpf/zz-test.bt"
mismatch "bpf script naming a mode twice" "$root" '^bpf/zz-test\.bt: '

root=$(copy_root bpf-index)
sed -i 's/@urb_alloc_mode\[1\]/@urb_alloc_mode[5]/' "$root/bpf/zz-test.bt"
mismatch "bpf script with a gap in its indices" "$root" '^bpf/zz-test\.bt: .*indices'
done_testing

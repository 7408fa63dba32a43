#!/usr/bin/env bash
# Every figure's text stays inside its canvas, clear of its panels and of
# the other text. The figures of plots/draw.sh (the small results set,
# under the environment.txt of a real main job and under a longer one), of
# plots/dma.sh (the bench-dma fixture) and of plots/modes.sh (long titles)
# are drawn, and each is measured twice:
#  * its PNG, read back pixel by pixel (decoded by perl): within SIDE
#    pixels of the left and right edges and END rows of the top and bottom
#    there must be nothing but the white background (a title or label cut
#    off at the canvas's edge leaves its glyphs there; SIDE is wider than
#    the gap of a space between two words), and the rows just above each
#    panel's frame must be blank (a title that runs into its panel);
#  * its SVG, where gnuplot writes every text's place, size and anchor:
#    each text, at a width narrower than DejaVu Sans ever sets it (half
#    its size a character), must lie inside the canvas and overlap no
#    other (a panel's title grown over the figure's title).
# The checks are also run on figures whose title cannot wrap (one long
# word) and on two texts drawn at one place, to show that they fail.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
command -v gnuplot >/dev/null || skip_all "gnuplot not installed (make deps)"
. "$top/tests/lib/build.sh"
need_build uvcstat
export UVCSTAT=$HOST_OUT/bin/uvcstat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

plan 49

side=6 end=2
figures="averages decode-by-seq decode-cdf decode-distribution hardware-and-guest sync urb-cdf urb-distribution"

# png_size FILE: "WIDTH HEIGHT", from the PNG's IHDR chunk
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}
# png_ink FILE: where the PNG FILE has ink (a pixel darker than
# near-white, R+G+B < 720) at an edge or just above a panel: one line per
# place ("right: 44 pixels, rows 95-110"), or nothing. The PNG is decoded
# here (perl and its zlib: 8-bit, non-interlaced grey or RGB(A), as
# pngcairo writes them).
png_ink() {
	perl - "$side" "$end" "$1" <<-'PERL'
		use strict; use warnings; use Compress::Zlib;
		my ($side, $end, $file) = @ARGV;
		open my $fh, '<:raw', $file or die "$file: $!\n";
		my $png = do { local $/; <$fh> };
		substr($png, 0, 8) eq "\x89PNG\r\n\x1a\n" or die "$file: not a PNG\n";
		my ($pos, $idat, $w, $h, $depth, $type, $interlace) = (8, '');
		while ($pos < length $png) {
			my ($len, $name) = unpack 'N a4', substr($png, $pos, 8);
			my $data = substr($png, $pos + 8, $len);
			$pos += 12 + $len;
			if ($name eq 'IHDR') { ($w, $h, $depth, $type, undef, undef, $interlace) = unpack 'N N C5', $data }
			elsif ($name eq 'IDAT') { $idat .= $data }
			elsif ($name eq 'IEND') { last }
		}
		my $bpp = {0 => 1, 2 => 3, 4 => 2, 6 => 4}->{$type};
		$depth == 8 && !$interlace && $bpp or die "$file: not an 8-bit non-interlaced grey or RGB(A) PNG\n";
		my $raw = uncompress($idat) // die "$file: bad image data\n";
		my $stride = $w * $bpp;
		my @prev = (0) x $stride;
		# @shade: a string per row, a character per pixel: ' ' background, '.'
		# ink (R+G+B < 720), '#' dark (< 240: black lines and text)
		my @shade;
		for my $y (0 .. $h - 1) {
			my $f = ord substr($raw, $y * ($stride + 1), 1);
			my @c = unpack 'C*', substr($raw, $y * ($stride + 1) + 1, $stride);
			if ($f == 1) { $c[$_] = ($c[$_] + $c[$_ - $bpp]) & 255 for $bpp .. $stride - 1 }
			elsif ($f == 2) { $c[$_] = ($c[$_] + $prev[$_]) & 255 for 0 .. $stride - 1 }
			elsif ($f == 3) {
				for my $i (0 .. $stride - 1) {
					my $l = $i >= $bpp ? $c[$i - $bpp] : 0;
					$c[$i] = ($c[$i] + (($l + $prev[$i]) >> 1)) & 255;
				}
			} elsif ($f == 4) {
				for my $i (0 .. $stride - 1) {
					my ($l, $u, $ul) = $i >= $bpp ? ($c[$i - $bpp], $prev[$i], $prev[$i - $bpp]) : (0, $prev[$i], 0);
					my $p = $l + $u - $ul;
					my ($pl, $pu, $pul) = (abs($p - $l), abs($p - $u), abs($p - $ul));
					$c[$i] = ($c[$i] + ($pl <= $pu && $pl <= $pul ? $l : $pu <= $pul ? $u : $ul)) & 255;
				}
			}
			@prev = @c;
			my $s = '';
			for (my $o = 0; $o < $stride; $o += $bpp) {
				my $v = $bpp >= 3 ? $c[$o] + $c[$o + 1] + $c[$o + 2] : 3 * $c[$o];
				$s .= $v < 240 ? '#' : $v < 720 ? '.' : ' ';
			}
			push @shade, $s;
		}
		my (%n, %lo, %hi);
		sub hit { my ($k, $y) = @_; $n{$k}++; $lo{$k} //= $y; $hi{$k} = $y }
		for my $y (0 .. $h - 1) {
			my @xs = $y < $end || $y >= $h - $end ? (0 .. $w - 1) : (0 .. $side - 1, $w - $side .. $w - 1);
			for my $x (@xs) {
				next if substr($shade[$y], $x, 1) eq ' ';
				hit($x < $side ? 'left' : $x >= $w - $side ? 'right' : $y < $end ? 'top' : 'bottom', $y);
			}
		}
		# A panel's top border: a dark run of 150 pixels or more whose ends go on
		# down (the frame's sides) and not up. Its title must end above it: the
		# 3 rows from 2 to 4 above the border, between the sides, must be blank.
		# (A box inside a panel, as a legend's, is not a panel.)
		my @panels;
		for my $y (5 .. $h - 7) {
			while ($shade[$y] =~ /(#{150,})/g) {
				my ($a, $b) = ($-[1], $+[1] - 1);
				my $down = grep { substr($shade[$y + $_], $a, 1) eq '#' && substr($shade[$y + $_], $b, 1) eq '#' } 3 .. 6;
				my $up = grep { substr($shade[$y - $_], $a, 1) eq '#' || substr($shade[$y - $_], $b, 1) eq '#' } 3 .. 5;
				next unless $down == 4 && !$up;
				next if grep { $_->[0] <= $a && $b <= $_->[1] } @panels;
				push @panels, [$a, $b];
				for my $r ($y - 4 .. $y - 2) {
					my $inside = substr($shade[$r], $a + 2, $b - $a - 3);
					hit("over the panel at row $y", $r) if $inside =~ /\S/;
				}
			}
		}
		printf "%s: %d pixels, rows %d-%d\n", $_, $n{$_}, $lo{$_}, $hi{$_} for sort keys %n;
	PERL
}
# svg_text FILE: the texts of the SVG FILE outside its canvas or over
# another text, one line each, or nothing
svg_text() {
	perl - "$1" <<-'PERL'
		use strict; use warnings;
		my ($file) = @ARGV;
		open my $fh, '<', $file or die "$file: $!\n";
		my $svg = do { local $/; <$fh> };
		my ($w, $h) = $svg =~ /viewBox="0 0 ([\d.]+) ([\d.]+)"/ or die "$file: no canvas size\n";
		my @box;
		while ($svg =~ /<g transform="translate\(([-\d.]+),([-\d.]+)\)( rotate\([^)]*\))?"[^>]*font-size="([\d.]+)"[^>]*text-anchor="(\w+)">\s*<text>([^<]*)<\/text>/g) {
			my ($x, $y, $rot, $size, $anchor, $t) = ($1, $2, $3, $4, $5, $6);
			next if $rot || $t !~ /\S/;
			$t =~ s/&(amp|lt|gt|quot|apos);/x/g;
			$t =~ s/^\s+|\s+$//g;
			my $tw = length($t) * 0.5 * $size;   # narrower than any DejaVu Sans text
			my $x0 = $anchor eq 'middle' ? $x - $tw / 2 : $anchor eq 'end' ? $x - $tw : $x;
			push @box, [$x0, $y - 0.7 * $size, $x0 + $tw, $y + 0.2 * $size, $t];
		}
		for my $b (@box) {
			printf "outside the %dx%d canvas: '%s'\n", $w, $h, $b->[4] if $b->[0] < 0 || $b->[2] > $w || $b->[1] < 0 || $b->[3] > $h;
		}
		for my $i (0 .. $#box) {
			for my $j ($i + 1 .. $#box) {
				my ($p, $q) = ($box[$i], $box[$j]);
				next if $p->[2] <= $q->[0] || $q->[2] <= $p->[0] || $p->[3] <= $q->[1] || $q->[3] <= $p->[1];
				printf "'%s' overlaps '%s'\n", $p->[4], $q->[4];
			}
		}
	PERL
}
# fits NAME FILE.png: FILE.png and FILE.svg pass both checks
fits() {
	local size
	size=$(png_size "$2" | tr ' ' x)
	is "$(png_ink "$2")" "" "$1.png: no text at the edges of the $size canvas or over a panel"
	is "$(svg_text "${2%.png}.svg")" "" "$1.svg: every text inside the canvas, none over another"
}

# draw DIR ENVIRONMENT: the small results set in DIR under ENVIRONMENT, drawn
draw() {
	rm -rf "$1" && cp -r "$top/tests/host/fixtures/results-small" "$1"
	printf '%s\n' "$2" >"$1/environment.txt"
	"$top/plots/draw.sh" "$1" >/dev/null 2>"$tmp/err"
}

# The environments: a real main job's environment.txt (the lines the
# titles show), and a board's, as long as one might write it
declare -A environment
environment[job]='where: QEMU TCG arm64 guest (-M virt -cpu max, 1 vCPU), host x86_64
clock: icount shift=1 sleep=off (guest time = 2 ns per executed instruction, idle time skipped; exact and repeatable; shows instruction counts, not cache or memory effects)
kernel: 6.12.118-uvcdma-unpatched from linux-source-6.12 6.12.118-1
workload: vcam mjpeg 1280x720@30, 150 frames a run, 70 KB a frame'
environment[board]='where: Radxa ROCK Pi 4 Model B (RK3399: two Cortex-A72 and four Cortex-A53, DWC3 USB 3.0 host controller, not DMA-coherent), Debian 12, performance governor, Logitech C920 (046d:082d)
clock: realtime (the board'"'"'s own clock; hardware timings)
kernel: 6.1.0-28-arm64-uvcdma-board-build-with-a-long-local-version
workload: Logitech C920 mjpeg 1920x1080@30, 300 frames a run, about 180 KB a frame, static well-lit scene, fixed exposure'
for e in job board; do
	draw "$tmp/$e" "${environment[$e]}" && st=0 || st=$?
	is "$st" 0 "draw.sh under the $e environment: exit 0 $(head -n 1 "$tmp/err")"
	for f in $figures; do
		fits "$e: $f" "$tmp/$e/plots/$f.png"
	done
done

cp -r "$top/tests/host/fixtures/dma-bench" "$tmp/dma"
"$top/plots/dma.sh" "$tmp/dma" >/dev/null 2>"$tmp/err" && st=0 || st=$?
is "$st" 0 "dma.sh on the bench-dma fixture: exit 0 $(head -n 1 "$tmp/err")"
for f in dma-bandwidth dma-sync dma-alloc; do
	fits "bench-dma: $f" "$tmp/dma/plots/$f.png"
done

long="uvcvideo per-URB averages per URB allocation mode, measured on a QEMU TCG arm64 guest (-M virt -cpu max, 1 vCPU) on an x86_64 host, with the vcam MJPEG 1280x720@30 workload and five runs a mode, every one a fresh stream"
for ext in png svg; do
	"$top/plots/modes.sh" --title "$long" --subtitle "$long" "$top/tests/host/fixtures/uvcstat/compare-groups.csv" "$tmp/modes.$ext" 2>"$tmp/err" && st=0 || st=$?
	is "$st" 0 "modes.sh with a long title and subtitle, $ext: exit 0 $(head -n 1 "$tmp/err")"
done
fits "modes.sh, a long title: modes" "$tmp/modes.png"

# The checks fail on a title cut off at the edge (one word too long to
# wrap) and on texts drawn over each other
word=$(printf 'QEMU-TCG-arm64-guest-%.0s' 1 2 3 4 5 6 7 8)
draw "$tmp/cut" "where: $word" || true
like "$(png_ink "$tmp/cut/plots/averages.png")" '^(left|right): ' \
	"caught: averages.png with an unbreakable 168-character where, cut at the edges"
like "$(svg_text "$tmp/cut/plots/averages.svg")" "^outside the 1000x600 canvas: .*$word" \
	"caught: averages.svg with the same where, outside the canvas"
"$top/plots/modes.sh" --title "$word$word" "$top/tests/host/fixtures/uvcstat/compare-groups.csv" "$tmp/cut.png" 2>/dev/null || true
like "$(png_ink "$tmp/cut.png")" '^(left|right): ' "caught: modes.sh with an unbreakable title"
cat >"$tmp/over.svg" <<'SVG'
<svg viewBox="0 0 600 400">
<g transform="translate(300.00,21.90)" stroke="none" fill="black" font-family="DejaVu Sans" font-size="12.00"  text-anchor="middle">
	<text>the figure's title</text>
</g>
<g transform="translate(320.00,25.90)" stroke="none" fill="black" font-family="DejaVu Sans" font-size="12.00"  text-anchor="middle">
	<text>a panel's title grown over it</text>
</g>
</svg>
SVG
is "$(svg_text "$tmp/over.svg")" "'the figure's title' overlaps 'a panel's title grown over it'" \
	"caught: two texts of an SVG drawn over each other"
done_testing

#!/usr/bin/env python3
"""Independent computation of the values tests/unit.c checks.

Not run by the tests: it documents where the expected numbers come from
(Python's statistics and math modules, a separate implementation of the
bootstrap described in sample_stats.c). Run it to print them again.
"""
import math
import statistics as st

# the bootstrap of a ratio of medians, as sample_stats.c documents it
from ratio_ci import M64, ratio_ci, splitmix64

# stats: mean, population and sample std, median, quantiles (type 7 =
# statistics 'inclusive').
x = [10.5, 3.25, 7.0, 12.75, 3.25, 9.0, 1.5]
print("mean %.17g" % st.mean(x))
print("pstdev %.17g" % st.pstdev(x))
print("stdev %.17g" % st.stdev(x))
print("median %.17g" % st.median(x))
q = st.quantiles(x, n=40, method="inclusive")
print("q025 %.17g q975 %.17g" % (q[0], q[38]))
y = [4.0, 1.0, 3.0, 2.0]
print("median_even %.17g" % st.median(y))


a = [299264.0, 301120.0, 295870.0]
b = [10847.0, 10912.0, 10799.0, 11020.0]
print("boot_a_over_b %.17g %.17g %.17g" % ratio_ci(a, b, True))
print("boot_b_over_a %.17g %.17g %.17g" % ratio_ci(a, b, False))
s = 0
for _ in range(3):
    s, r = splitmix64(s)
    print("splitmix64(0) %#x" % r)

# integer std of three samples above 65.535 us, correct and as the
# original patch computed it (32-bit avg * avg)
samples = [70000, 80000, 150000]
n, tot, sq = len(samples), sum(samples), sum(v * v for v in samples)
avg = tot // n
print("big: sum %d sumsq %d avg %d std %d legacy %d" % (
    tot, sq, avg, math.isqrt(sq // n - avg * avg),
    math.isqrt(sq // n - ((avg * avg) & 0xFFFFFFFF))))
print("isqrt(2^64-1) %d isqrt(10^18-1) %d" % (math.isqrt(M64), math.isqrt(10**18 - 1)))

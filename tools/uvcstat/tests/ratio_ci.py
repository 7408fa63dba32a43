#!/usr/bin/env python3
"""The ratio of medians and its percentile-bootstrap interval, computed
apart from uvcstat: a second implementation of what sample_stats.c
documents (splitmix64 draws, A first then B; type-7 quantiles from
Python's statistics module).

As a command, for the tests (tests/host/compare-expected.t,
tests/lab/main-job.t):
    ratio_ci.py [--time-ratio] TIMER BASE_RAW... -- OTHER_RAW...
reads each stats_raw, takes TIMER's average per run as uvcstat does
(TIMER_sum_ns // TIMER_count, whole ns), and prints the speedup of the
other group over the base group (base median / other median) and its
95 % interval, "EST LO HI", each with two decimals; with --time-ratio,
their inverses (the other group's time as a multiple of the base's, as
the main job's summary.md shows it: 1/EST, 1/HI, 1/LO).
"""
import statistics as st
import sys

M64 = (1 << 64) - 1
RESAMPLES = 10000
SEED = 20210322


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def ratio_ci(a, b, a_over_b, resamples=RESAMPLES, seed=SEED):
    state = seed
    ratios = []
    for _ in range(resamples):
        ra, rb = [], []
        for _ in a:
            state, r = splitmix64(state)
            ra.append(a[((r >> 32) * len(a)) >> 32])
        for _ in b:
            state, r = splitmix64(state)
            rb.append(b[((r >> 32) * len(b)) >> 32])
        ma, mb = st.median(ra), st.median(rb)
        ratios.append(ma / mb if a_over_b else mb / ma)
    qs = st.quantiles(ratios, n=40, method="inclusive")
    est = st.median(a) / st.median(b) if a_over_b else st.median(b) / st.median(a)
    return est, qs[0], qs[38]


def timer_avg(path, timer):
    raw = {}
    with open(path, encoding="ascii") as f:
        for line in f:
            key, sep, value = line.rstrip("\n").partition("=")
            if sep:
                raw[key] = value
    return int(raw[timer + "_sum_ns"]) // int(raw[timer + "_count"])


def main(argv):
    inverse = len(argv) > 1 and argv[1] == "--time-ratio"
    if inverse:
        argv = argv[:1] + argv[2:]
    if len(argv) < 4 or "--" not in argv[2:]:
        sys.exit("usage: ratio_ci.py [--time-ratio] TIMER BASE_RAW... -- OTHER_RAW...")
    timer, files = argv[1], argv[2:]
    cut = files.index("--")
    base = [timer_avg(p, timer) for p in files[:cut]]
    other = [timer_avg(p, timer) for p in files[cut + 1:]]
    if not base or not other:
        sys.exit("ratio_ci.py: each group needs a run")
    est, lo, hi = ratio_ci(base, other, True)
    if inverse:
        est, lo, hi = 1 / est, 1 / hi, 1 / lo
    print("%.2f %.2f %.2f" % (est, lo, hi))


if __name__ == "__main__":
    main(sys.argv)

#!/usr/bin/env python3
"""Writes the synthetic stats_raw fixtures of tests/host/fixtures/uvcstat.

Run once by hand (python3 tools/uvcstat/tests/make-fixtures.py); the tests
use the files it wrote, not this script. Samples are drawn with a seeded
generator, then summed exactly with Python integers, the way the kernel
accumulates them (count, sum, sum of squares, min, max in ns).
"""
import os
import random

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "..",
                   "tests", "host", "fixtures", "uvcstat")


def acc(samples):
    return dict(count=len(samples), sum_ns=sum(samples),
                sumsq_ns2=sum(s * s for s in samples),
                min_ns=min(samples) if samples else 0,
                max_ns=max(samples) if samples else 0)


def run(name, mode, seed, decode_us, sync_cpu_us, sync_dev_us, urbs=600, frames=120):
    rnd = random.Random(seed)

    def draw(mean_us, spread=0.25):
        return max(1, int(rnd.gauss(mean_us, mean_us * spread) * 1000))

    decode = [draw(decode_us) for _ in range(urbs)]
    sync_cpu = [draw(sync_cpu_us) for _ in range(urbs)]
    sync_dev = [draw(sync_dev_us) for _ in range(urbs)]
    latency = [draw(40) + c for c in sync_cpu]
    header = [draw(11) for _ in range(urbs)]
    urb = [lat + d + draw(3) for lat, d in zip(latency, decode)]
    t = dict(urb=acc(urb), header=acc(header), latency=acc(latency[:-1]),
             decode=acc(decode), sync_cpu=acc(sync_cpu), sync_device=acc(sync_dev))
    lines = ["version=1", "mode=" + mode, "streaming=0", "frames=%d" % frames,
             "packets=%d" % urbs, "empty=%d" % (seed % 7), "errors=0", "invalid=0",
             "pts_early=0", "pts_initial=1", "pts_ok=%d" % (frames - 1),
             "scr_count_ok=%d" % urbs, "scr_diff_ok=%d" % (urbs - 1),
             "sof_min=3", "sof_max=2045", "sof_freq_hz=%d" % (999000 + seed),
             "bytes=%d" % (frames * 614400), "duration_ns=%d" % (4000000000 + seed * 1234567)]
    for k, v in t.items():
        for f in ("count", "sum_ns", "sumsq_ns2", "min_ns", "max_ns"):
            lines.append("%s_%s=%d" % (k, f, v[f]))
    lines.append("future_key=ignored by version-1 readers")
    with open(os.path.join(OUT, name), "w") as f:
        f.write("\n".join(lines) + "\n")


for i in range(3):
    run("coherent-%d.raw" % (i + 1), "coherent", 10 + i, 299, 0.2, 0.2)
    run("noncontiguous-%d.raw" % (i + 1), "noncontiguous", 20 + i, 10.8, 6.5, 4.2)

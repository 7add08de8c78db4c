#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The benchmarks' command-line contract (bench/bench_cli.h), for every executable given:
--help exits 0 with a usage text; a bad or surplus argument exits 2 with one stderr line
naming it; a tiny run exits 0 and prints only strict JSON objects (no NaN/Infinity), each
with "bench". The tiny runs measure next to nothing: this checks the output, never speed.

usage: check_cli.py BENCH_EXECUTABLE...
"""
import json
import os
import subprocess
import sys
import time

# Per bench: the smallest arguments that still run every case, and bad command lines with
# the argument name and value the error line must show.
SPECS = {
    "bench_parser": {"tiny": ["1"], "bad": [(["x"], "frames", "x"), (["0"], "frames", "0")]},
    "bench_wire": {"tiny": ["1", "64"],
                   "bad": [(["1", "0"], "bytes", "0"), (["1x"], "frames", "1x")]},
    "bench_flow": {"tiny": ["1", "1", "abc", "1"],
                   "bad": [(["x"], "frames", "x"), (["1", "16777217"], "entries", "16777217"),
                           (["1", "1", "abz"], "cases", "abz"), (["1", "1", "a", "65"],
                                                                 "workers", "65")]},
    "bench_ext": {"tiny": ["1"], "bad": [(["0"], "ops", "0"), (["0x10"], "ops", "0x10")]},
    "bench_dpa": {"tiny": ["10"], "bad": [(["9"], "iters", "9"), (["-1"], "iters", "-1")]},
    "bench_anchor": {"tiny": ["hrc", "8", "64", "10"],
                     "bad": [(["hx"], "cases", "hx"), (["h", "0"], "entries", "0"),
                             (["h", "8", "0"], "ops", "0"), (["c", "8", "1", "9"], "iters", "9")]},
    "bench_rdma": {"tiny": ["2"], "bad": [(["1"], "iters", "1"), (["x"], "iters", "x")]},
    "bench_rdma_wire": {"tiny": ["2"], "bad": [(["1"], "iters", "1"), (["x"], "iters", "x")]},
    "bench_window": {"tiny": ["2"], "bad": [(["1"], "iters", "1"), ([""], "iters", "''")]},
    "bench_lpmacl": {"tiny": ["la", "s", "32"],
                     "bad": [(["lx"], "cases", "lx"), (["l", "x"], "sizes", "x"),
                             (["l", "s", "31"], "lookups", "31")]},
}


def reject(name):
    raise ValueError("not JSON: " + name)


def run(exe, args):
    t0 = time.monotonic()
    p = subprocess.run([exe] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=100)
    return p.returncode, p.stdout.decode(), p.stderr.decode(), time.monotonic() - t0


def check(exe):
    name = os.path.basename(exe)
    spec = SPECS.get(name)
    assert spec, "%s: no entry in check_cli.py SPECS; add its tiny and bad arguments" % name
    fails = []

    rc, out, _, _ = run(exe, ["--help"])
    if rc != 0 or "usage" not in out:
        fails.append("--help: exit %d, want 0 and a usage text" % rc)

    surplus = spec["tiny"] + ["7"] * (len(spec["tiny"]) + 1)
    for args, arg, value in spec["bad"] + [(surplus, "surplus", "7")]:
        rc, out, err, _ = run(exe, args)
        lines = err.splitlines()
        what = "%s %s" % (name, " ".join(repr(a) for a in args))
        if rc != 2:
            fails.append("%s: exit %d, want 2" % (what, rc))
        elif len(lines) != 1:
            fails.append("%s: %d stderr lines, want 1: %r" % (what, len(lines), err))
        elif arg not in lines[0] or value not in lines[0]:
            fails.append("%s: %r lacks %r or %r" % (what, lines[0], arg, value))
        elif out:
            fails.append("%s: printed on stdout: %r" % (what, out))

    rc, out, err, secs = run(exe, spec["tiny"])
    if rc != 0:
        fails.append("tiny run %s: exit %d: %s" % (spec["tiny"], rc, err.strip()))
    lines = out.splitlines()
    if not lines:
        fails.append("tiny run: no output")
    for line in lines:
        try:
            j = json.loads(line, parse_constant=reject)
            assert isinstance(j, dict) and "bench" in j, "no \"bench\" key"
        except (ValueError, AssertionError) as e:
            fails.append("tiny run: %s: %s" % (e, line))
    print("%s: tiny run %s: %d lines in %.2f s%s" % (name, " ".join(spec["tiny"]), len(lines),
                                                    secs, "" if fails else ", ok"))
    for f in fails:
        print("  FAIL " + f)
    return not fails


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    ok = all([check(exe) for exe in sys.argv[1:]])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

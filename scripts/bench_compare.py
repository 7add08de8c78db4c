#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""make bench-compare: softdpa's benches side by side with their anchors (docs/PERFORMANCE.md).

Runs, in ROUNDS interleaved rounds (each round runs every softdpa bench and every anchor once,
in an order that rotates from round to round), and prints one JSON line per pair on stdout:

  {"pair": NAME, "softdpa": x, "anchor": y, "unit": "...", "ratio": x/y, "load": l}

x and y are medians over the rounds. Per-frame, per-lookup and per-op figures are CPU time
(the measuring thread's, or testpmd's forwarding thread's), so time spent waiting for a core
on a shared machine does not count; launch latencies are wall-clock. "load" is the median 1-minute load average read just
before each of the pair's runs (the machine's other work: with 2 cores, a load above 2 means
the figures are slowed by someone else). workers2_vs_workers1 also carries "capacity": what
the machine gave 2 threads at once, in units of one thread (2 on 2 idle cores), measured by
bench_flow just before the workers are timed: the most 2 workers could deliver there. A
figure that could not be measured is null (the reason goes to stderr). A markdown table of
the same pairs follows on stderr.

Single-threaded figures (the flow frames, testpmd's forwarding, rte_hash, LPM and ACL) run
pinned to one CPU, the same for both sides of a pair within a round: on a virtual machine one
vCPU can run markedly slower than the other for minutes (its host core shared), and a pair
whose sides landed on different CPUs would measure the placement, not the code. Each round
pins to the CPU that runs a short calibration loop fastest (BENCH_CPU overrides).

usage: bench_compare.py [BUILD_DIR]    (sizes: the BENCH_* variables below, from the environment)
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ENV = {
    "BENCH_ROUNDS": ("3", "interleaved rounds; each figure is the median over them"),
    "BENCH_FRAMES": ("1000000", "frames per timed bench_flow run (best of 5 runs)"),
    "BENCH_EM_SMALL": ("65536", "exact-match entries of the em64k pair"),
    "BENCH_EM_LARGE": ("1048576", "exact-match entries of the em1m pair"),
    "BENCH_LOOKUPS": ("4000000", "rte_hash lookups and rte_ring ops per anchor run"),
    "BENCH_LAUNCHES": ("300", "DPA launches per rank count (median); condvar round trips"),
    "BENCH_TESTPMD_SECONDS": ("1.5", "how long dpdk-testpmd forwards"),
    "BENCH_PROVIDER_OPS": ("16384", "provider ops per launch (flow-dpa-perf table size)"),
    "BENCH_PROVIDER_LAUNCHES": ("40", "measured launches per provider figure (after 3 warm-up "
                                "launches); each takes under a millisecond"),
    "BENCH_LPM_SIZES": ("sml", "LPM rule counts beside rte_lpm: s 1 k, m 64 k, l 1 M"),
    "BENCH_ACL_SIZES": ("sm", "ACL rule counts beside rte_acl (l = 1 M: rte_acl_build takes "
                        "minutes and GBs)"),
    "BENCH_LPMACL_LOOKUPS": ("1000000", "LPM and ACL lookups per timed run"),
    "BENCH_CPU": ("", "the CPU the single-threaded figures run on; empty: the fastest of a "
                  "calibration at each round; 'float': not pinned"),
    "BENCH_ONLY": ("", "run only these measurements, comma-separated (e.g. basic1,testpmd,"
                   "hash8,em_small,hash_small,em_large,hash_large: the flow pairs); empty: "
                   "all"),
}


def setting(name):
    return os.environ.get(name) or ENV[name][0]


def say(msg):
    print("bench-compare: " + msg, file=sys.stderr, flush=True)


def load1():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def calibrate(cpu, spins=200000):
    """CPU time of a fixed loop on this CPU, in seconds (the best of three)."""
    mine = os.sched_getaffinity(0)
    best = None
    try:
        os.sched_setaffinity(0, {cpu})
        for _ in range(3):
            t = time.thread_time()
            x = 0
            for i in range(spins):
                x += i
            d = time.thread_time() - t
            best = d if best is None or d < best else best
    finally:
        os.sched_setaffinity(0, mine)
    return best


def pick_cpu():
    """The CPU this round's single-threaded figures run on (None: not pinned)."""
    want = setting("BENCH_CPU")
    cpus = sorted(os.sched_getaffinity(0))
    if want == "float" or len(cpus) < 2:
        return None
    if want:
        if not want.isdigit() or int(want) not in cpus:
            raise SystemExit("bench-compare: BENCH_CPU=%s is not one of this process's CPUs "
                             "(%s)" % (want, ",".join(map(str, cpus))))
        return int(want)
    cost = {c: calibrate(c) for c in cpus}
    cpu = min(cpus, key=lambda c: cost[c])
    say("pinned to CPU %d (calibration loop: %s)" % (
        cpu, ", ".join("CPU %d %.1f ms" % (c, cost[c] * 1e3) for c in cpus)))
    return cpu


def pinned(cpu):
    """preexec_fn running a child on 'cpu' (None: anywhere)."""
    if cpu is None:
        return None
    return lambda: os.sched_setaffinity(0, {cpu})


def run(cmd, env=None, timeout=300, cpu=None):
    e = dict(os.environ)
    e.setdefault("SOFTDPA_LOG_LEVEL", "error")
    e.update(env or {})
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=e,
                       timeout=timeout, universal_newlines=True, preexec_fn=pinned(cpu))
    if p.returncode != 0:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(cmd), p.returncode,
                                               p.stderr.strip()[-400:]))
    return p.stdout


def json_lines(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            out.append(json.loads(line))
    return out


def lcore_thread(pid):
    """/proc path of testpmd's forwarding lcore thread (rte-worker-1), or None."""
    try:
        for tid in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/comm" % (pid, tid)) as f:
                if f.read().strip() in ("rte-worker-1", "lcore-worker-1"):
                    return "/proc/%d/task/%s/stat" % (pid, tid)
    except OSError:
        pass
    return None


def thread_cpu_s(stat_path):
    """utime + stime of a thread, in seconds (clock-tick resolution)."""
    with open(stat_path) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Bench:
    """One measured program; returns {figure name: value} per run."""

    def __init__(self, build):
        self.b = build
        self.bin = lambda *p: os.path.join(build, *p)
        self.cpu = None  # the round's CPU for single-threaded figures (pick_cpu)

    # ---- softdpa ----
    def flow_line(self, entries, case):
        out = run([self.bin("bench", "bench_flow"), setting("BENCH_FRAMES"), str(entries), case,
                   "0"], cpu=self.cpu)
        return json_lines(out)[0]

    def flow(self, entries, case):
        return self.flow_line(entries, case)["worker_cpu_ns_per_frame"]

    def em(self, name, entries):
        # the frame, and the table's making: first adds, memory, adds after a churn
        j = self.flow_line(entries, "a")
        return {name: j["worker_cpu_ns_per_frame"],
                name + "_insert": j.get("insert_cpu_ns_per_entry"),
                name + "_reinsert": j.get("reinsert_cpu_ns_per_entry"),
                name + "_bytes": j.get("rss_bytes_per_entry")}

    def m_basic1(self):
        return {"basic1": self.flow(1, "a")}

    def m_hash8(self):
        return {"hash8": self.flow(1, "b")}

    def m_em_small(self):
        return self.em("em_small", int(setting("BENCH_EM_SMALL")))

    def m_em_large(self):
        return self.em("em_large", int(setting("BENCH_EM_LARGE")))

    def m_workers(self):
        out = run([self.bin("bench", "bench_flow"), setting("BENCH_FRAMES"), "1", "a", "2"])
        lines = json_lines(out)
        by = {j["workers"]: j["mpps"] for j in lines}
        cap = [j["capacity"] for j in lines if j["workers"] == 2 and "capacity" in j]
        return {"workers1": by.get(1), "workers2": by.get(2),
                "capacity2": cap[0] if cap else None}

    def m_dpa(self):
        out = run([self.bin("bench", "bench_dpa"), setting("BENCH_LAUNCHES")],
                  env={"SOFTDPA_DPA_EUS": "16"})
        r = {}
        for j in json_lines(out):
            if j["bench"] == "dpa_launch":
                r["launch%d" % j["ranks"]] = j["median_us"]
        return r

    def provider(self, workers, fidelity):
        ops = int(setting("BENCH_PROVIDER_OPS"))
        size = max(ops // workers, 64)
        out = run([self.bin("tools", "flow_dpa_perf", "softdpa-flow-dpa-perf"), "--json",
                   "--pps", "0", "--no-latency-model", "--workers", str(workers), "--tables",
                   "1", "--table-size", str(size), "--warmup", "3", "--iterations",
                   setting("BENCH_PROVIDER_LAUNCHES")],
                  env={"SOFTDPA_NIC_WORKERS": "0", "SOFTDPA_FIDELITY": fidelity})
        return json_lines(out)[-1]["cpu_ns_per_op"]

    def m_provider(self):
        # fast: the flushing DPA thread executes its requests, as the ring anchor does;
        # faithful: the request engine thread executes them (the hand-off included).
        return {"provider1": self.provider(1, "fast"), "provider8": self.provider(8, "fast"),
                "provider1_faithful": self.provider(1, "faithful")}

    # ---- anchors ----
    def m_testpmd(self):
        """CPU time of testpmd's forwarding lcore over the frames it received meanwhile."""
        exe = shutil.which("dpdk-testpmd")
        if exe is None:
            raise RuntimeError("dpdk-testpmd not found: install Debian's dpdk-dev "
                               "(scripts/deps.sh does)")
        cpus = ",".join(str(c) for c in ([self.cpu] if self.cpu is not None
                                         else sorted(os.sched_getaffinity(0))))
        with tempfile.TemporaryDirectory() as rt:
            p = subprocess.Popen(
                [exe, "--no-huge", "-m", "1024", "--no-pci", "--lcores",
                 "(0,1)@(%s)" % cpus, "--vdev", "net_null0", "--vdev", "net_null1",
                 "--file-prefix=bench_compare_%d" % os.getpid(), "--log-level=error",
                 "--no-telemetry", "--", "-i", "--forward-mode=io", "--auto-start",
                 "--nb-cores=1", "--no-mlockall", "--total-num-mbufs=8192"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                universal_newlines=True, env=dict(os.environ, XDG_RUNTIME_DIR=rt))
            try:
                worker = None
                for _ in range(100):  # EAL start-up: up to 10 s on a loaded machine
                    time.sleep(0.1)
                    worker = lcore_thread(p.pid)
                    if worker is not None or p.poll() is not None:
                        break
                if worker is None:
                    raise RuntimeError("dpdk-testpmd's forwarding thread did not start")
                time.sleep(0.2)
                p.stdin.write("clear port stats all\n")
                p.stdin.flush()
                time.sleep(0.05)
                c0 = thread_cpu_s(worker)
                time.sleep(float(setting("BENCH_TESTPMD_SECONDS")))
                p.stdin.write("show port stats all\n")
                p.stdin.flush()
                time.sleep(0.01)
                c1 = thread_cpu_s(worker)
                out, _ = p.communicate("stop\nquit\n", timeout=60)
            finally:
                if p.poll() is None:
                    p.kill()
                    p.wait()
        # "show port stats" lines carry RX-missed (the forwarding summary's carry RX-dropped)
        rx = [int(m.group(1)) for m in re.finditer(r"RX-packets:\s*([0-9]+)\s+RX-missed", out)]
        if not rx or sum(rx) == 0:
            raise RuntimeError("dpdk-testpmd printed no port statistics: " + out[-400:])
        return {"testpmd": (c1 - c0) * 1e9 / sum(rx)}

    def anchor(self, cases, entries="8", cpu=None):
        return json_lines(run([self.bin("bench", "bench_anchor"), cases, entries,
                               setting("BENCH_LOOKUPS"), setting("BENCH_LAUNCHES")], cpu=cpu))

    def rte_hash(self, name, entries):
        j = self.anchor("h", entries, cpu=self.cpu)[0]
        return {name: j["cpu_ns_per_lookup"], name + "_insert": j.get("insert_cpu_ns_per_entry"),
                name + "_reinsert": j.get("reinsert_cpu_ns_per_entry"),
                name + "_bytes": j.get("bytes_per_entry")}

    def m_hash_small(self):
        return self.rte_hash("rte_hash_small", setting("BENCH_EM_SMALL"))

    def m_hash_large(self):
        return self.rte_hash("rte_hash_large", setting("BENCH_EM_LARGE"))

    def m_lpmacl(self):
        # softdpa and DPDK in one process (bench_lpmacl): both figures of a pair at once
        r = {}
        for cases, sizes in (("l", setting("BENCH_LPM_SIZES")), ("a", setting("BENCH_ACL_SIZES"))):
            if not sizes:
                continue
            out = run([self.bin("bench", "bench_lpmacl"), cases, sizes,
                       setting("BENCH_LPMACL_LOOKUPS")], timeout=3600, cpu=self.cpu)
            for j in json_lines(out):
                r["%s%d" % (j["bench"], j["rules"])] = j["softdpa_cpu_ns"]
                r["rte_%s%d" % (j["bench"], j["rules"])] = j["dpdk_cpu_ns"]
        return r

    def m_ring_condvar(self):
        r = {}
        for j in self.anchor("rc"):
            if j["bench"] == "anchor_ring":
                r["ring"] = j["cpu_ns_per_op"]
            elif j["bench"] == "anchor_condvar":
                r["condvar"] = j["median_us"]
        return r


# pair, softdpa figure, anchor figure, unit
PAIRS = [
    ("basic1_vs_testpmd_io", "basic1", "testpmd", "ns/frame"),
    ("hash8_vs_testpmd_io", "hash8", "testpmd", "ns/frame"),
    # Exact match per frame against what DPDK spends to receive, look up and forward one
    # frame: rte_hash's bulk lookup + testpmd's io forwarding (issue 12: "2x rte_hash bulk
    # lookup + the wire cost").
    ("em64k_vs_rte_hash", "em_small", "rte_hash_small+testpmd", "ns/frame (CPU)"),
    ("em1m_vs_rte_hash", "em_large", "rte_hash_large+testpmd", "ns/frame (CPU)"),
    # The table's own share: the exact-match frame less the 1-entry one, against the lookup.
    ("em64k_table_vs_rte_hash", "em_small-basic1", "rte_hash_small", "ns/lookup (CPU)"),
    ("em1m_table_vs_rte_hash", "em_large-basic1", "rte_hash_large", "ns/lookup (CPU)"),
    # Making the table: the first adds of a fresh process (the pipe's or the table's
    # creation included), the adds after every entry was removed (memory reused), and the
    # memory per entry (softdpa: resident growth; rte_hash: its heap allocations, without
    # the data a DOCA entry holds).
    ("em64k_insert_vs_rte_hash", "em_small_insert", "rte_hash_small_insert", "ns/entry (CPU)"),
    ("em64k_reinsert_vs_rte_hash", "em_small_reinsert", "rte_hash_small_reinsert",
     "ns/entry (CPU)"),
    ("em64k_memory_vs_rte_hash", "em_small_bytes", "rte_hash_small_bytes", "B/entry"),
    ("em1m_insert_vs_rte_hash", "em_large_insert", "rte_hash_large_insert", "ns/entry (CPU)"),
    ("em1m_reinsert_vs_rte_hash", "em_large_reinsert", "rte_hash_large_reinsert",
     "ns/entry (CPU)"),
    ("em1m_memory_vs_rte_hash", "em_large_bytes", "rte_hash_large_bytes", "B/entry"),
    ("workers2_vs_workers1", "workers2", "workers1", "Mpps"),
    ("launch1_vs_condvar", "launch1", "condvar", "us"),
    ("launch256_vs_condvar", "launch256", "condvar", "us"),
    ("provider_op_vs_ring", "provider1", "ring", "ns/op (CPU)"),
    ("provider_op8_vs_ring", "provider8", "ring", "ns/op (CPU)"),
    ("provider_op_faithful_vs_ring", "provider1_faithful", "ring", "ns/op (CPU)"),
] + [("%s%s_vs_rte_%s" % (kind, label, kind), "%s%d" % (kind, n), "rte_%s%d" % (kind, n),
      "ns/lookup (CPU)")
     for kind in ("lpm", "acl") for label, n in (("1k", 1024), ("64k", 65536), ("1m", 1048576))]


def figure(vals, spec):
    """A pair's side: one figure's median, or medians joined by + and - ("a+b", "a-b");
    None when one of them was not measured."""
    total, sign = 0.0, 1
    for tok in re.split(r"([+-])", spec):
        if tok in ("+", "-"):
            sign = 1 if tok == "+" else -1
            continue
        if not vals.get(tok):
            return None
        total += sign * statistics.median(vals[tok])
    return total


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    if len(sys.argv) > 2 or build in ("-h", "--help"):
        print(__doc__ + "\nsizes:\n" + "\n".join("  %s (default %s): %s" % (k, v[0], v[1])
                                                   for k, v in ENV.items()))
        sys.exit(0 if build in ("-h", "--help") else 2)
    b = Bench(build)
    order = [b.m_basic1, b.m_testpmd, b.m_hash8, b.m_em_small, b.m_hash_small, b.m_em_large,
             b.m_hash_large, b.m_workers, b.m_dpa, b.m_ring_condvar, b.m_provider, b.m_lpmacl]
    only = [x for x in os.environ.get("BENCH_ONLY", "").split(",") if x]
    if only:
        names = [m.__name__[2:] for m in order]
        bad = [x for x in only if x not in names]
        if bad:
            say("BENCH_ONLY: no measurement %s; known: %s" % (", ".join(bad), ", ".join(names)))
            sys.exit(2)
        order = [m for m in order if m.__name__[2:] in only]
    rounds = int(setting("BENCH_ROUNDS"))
    vals, loads = {}, {}
    t0 = time.monotonic()
    for r in range(rounds):
        k = (r * 3) % len(order)
        b.cpu = pick_cpu()
        for m in order[k:] + order[:k]:
            name = m.__name__[2:]
            load = load1()
            try:
                got = m()
            except Exception as e:  # one failed bench must not hide the others
                say("%s: %s" % (name, e))
                continue
            for fig, v in got.items():
                if v is not None:
                    vals.setdefault(fig, []).append(float(v))
                    loads.setdefault(fig, []).append(load)
        say("round %d of %d done (%.0f s)" % (r + 1, rounds, time.monotonic() - t0))
    rows = []
    for pair, x, y, unit in PAIRS:
        mx, my = figure(vals, x), figure(vals, y)
        if only and mx is None and my is None:
            continue  # not asked for
        ls = [l for f in re.split(r"[+-]", x) + re.split(r"[+-]", y)
              for l in loads.get(f, []) if l is not None]
        line = {"pair": pair,
                "softdpa": round(mx, 2) if mx is not None else None,
                "anchor": round(my, 2) if my is not None else None,
                "unit": unit,
                "ratio": round(mx / my, 2) if mx is not None and my else None,
                "load": round(statistics.median(ls), 2) if ls else None}
        if pair == "workers2_vs_workers1" and vals.get("capacity2"):
            # what the machine gave 2 threads at once, in units of one: the most 2
            # workers could deliver (bench_flow's capacity)
            line["capacity"] = round(statistics.median(vals["capacity2"]), 2)
        print(json.dumps(line), flush=True)
        rows.append(line)
    print("\n| pair | softdpa | anchor | unit | ratio | load |\n|---|---|---|---|---|---|",
          file=sys.stderr)
    for l in rows:
        print("| %s | %s | %s | %s | %s | %s |" % tuple(
            "n/a" if l[k] is None else l[k]
            for k in ("pair", "softdpa", "anchor", "unit", "ratio", "load")), file=sys.stderr)
    say("%d rounds in %.0f s, %d CPUs" % (rounds, time.monotonic() - t0,
                                           len(os.sched_getaffinity(0))))


if __name__ == "__main__":
    main()

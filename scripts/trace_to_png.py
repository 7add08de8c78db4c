#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Render a SOFTDPA_TRACE file (Chrome/Perfetto JSON) as a timeline PNG.

One row per track (process / thread, in the trace's sort order), complete events ("X")
as bars, instants ("i") as ticks, counters left out. Each event kind (its name) keeps
the same colour in every render: softdpa's own kinds have fixed colours, any other name
(a kernel's) gets one from a stable hash of the name.

Installed as PREFIX/libexec/softdpa/trace_to_png.py and run by `softdpa trace render`;
it needs matplotlib (Debian: python3-matplotlib; in a venv: pip install matplotlib).

  trace_to_png.py trace.json -o timeline.png [--start US] [--end US]

Exit status: 0 written, 1 the trace cannot be read or the PNG written, or matplotlib is
missing, 2 usage error. Every failure is one line on stderr.
"""
import argparse
import json
import os
import sys
import zlib

PROG = "trace_to_png"

# tab20's colours, by position; softdpa's event kinds own the first ones.
PALETTE = ["#1f77b4", "#aec7e8", "#ff7f0e", "#ffbb78", "#2ca02c", "#98df8a", "#d62728",
           "#ff9896", "#9467bd", "#c5b0d5", "#8c564b", "#c49c94", "#e377c2", "#f7b6d2",
           "#7f7f7f", "#c7c7c7", "#bcbd22", "#dbdb8d", "#17becf", "#9edae5"]
FIXED = {"burst": 0, "execute": 2, "flush": 3, "completions": 4, "enable": 5, "disable": 6,
         "replace": 7, "sel_modify": 8, "mem_update": 9, "mem_read": 10}


class BadTrace(Exception):
    pass


def colour(name):
    """The colour of an event kind: fixed for softdpa's kinds, else a stable hash."""
    if name in FIXED:
        return PALETTE[FIXED[name]]
    free = [i for i in range(len(PALETTE)) if i not in FIXED.values()]
    return PALETTE[free[zlib.crc32(name.encode("utf-8", "replace")) % len(free)]]


def fail(msg, status=1):
    sys.stderr.write("%s: %s\n" % (PROG, msg))
    sys.exit(status)


def load(path):
    try:
        with open(path, "rb") as f:
            d = json.loads(f.read().decode("utf-8"))
    except OSError as e:
        raise BadTrace("cannot read '%s': %s" % (path, e.strerror or e))
    except UnicodeDecodeError:
        raise BadTrace("'%s' is not a trace: it is not UTF-8 text (a SOFTDPA_TRACE file is "
                       "JSON)" % path)
    except ValueError as e:
        raise BadTrace("'%s' is not a trace: invalid JSON (%s); a trace cut short by a "
                       "killed process ends early" % (path, e))
    events = d.get("traceEvents") if isinstance(d, dict) else d
    if not isinstance(events, list):
        raise BadTrace("'%s' is not a trace: no traceEvents list (a SOFTDPA_TRACE file is "
                       "{\"traceEvents\": [...]} or a list of events)" % path)
    pname, tname, psort, tsort, shown = {}, {}, {}, {}, []
    for i, e in enumerate(events):
        try:
            ph = e.get("ph")
            if ph == "M":
                key, args = (e["pid"], e.get("tid", 0)), e.get("args", {})
                if e["name"] == "process_name":
                    pname[e["pid"]] = str(args.get("name", e["pid"]))
                elif e["name"] == "thread_name":
                    tname[key] = str(args.get("name", key[1]))
                elif e["name"] == "process_sort_index":
                    psort[e["pid"]] = float(args.get("sort_index", 0))
                elif e["name"] == "thread_sort_index":
                    tsort[key] = float(args.get("sort_index", 0))
            elif ph in ("X", "i", "I"):
                ts = float(e["ts"])
                dur = float(e.get("dur", 0)) if ph == "X" else 0.0
                shown.append((ph, str(e["name"]), e["pid"], e.get("tid", 0), ts, dur))
        except (AttributeError, KeyError, TypeError, ValueError) as x:
            raise BadTrace("'%s' is not a trace: event %d is malformed (%s: %s)"
                           % (path, i, type(x).__name__, x))
    return shown, pname, tname, psort, tsort


def main():
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    ap.add_argument("trace")
    ap.add_argument("-o", "--out", default="trace.png")
    ap.add_argument("--start", type=float, help="first microsecond shown")
    ap.add_argument("--end", type=float, help="last microsecond shown")
    ap.add_argument("--title", default="softdpa trace")
    ap.add_argument("--width", type=float, default=11.0, help="inches")
    ap.add_argument("--dpi", type=int, default=90)
    a = ap.parse_args()

    try:
        events, pname, tname, psort, tsort = load(a.trace)
    except BadTrace as e:
        fail(str(e))
    events = [e for e in events
              if (a.start is None or e[4] + e[5] >= a.start) and (a.end is None or e[4] <= a.end)]
    if not events:
        fail("no complete (X) or instant (i) events in the chosen window of " + a.trace)

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.patches import Patch
    except ImportError as e:
        # A venv (or another python3 first on PATH) without matplotlib: the system's
        # python3 may have Debian's python3-matplotlib. Tried once: it is that python.
        system = "/usr/bin/python3"
        if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system):
            os.execv(system, [system, os.path.abspath(__file__)] + sys.argv[1:])
        fail("%s is missing; install it: apt-get install python3-matplotlib (Debian), or "
             "pip install matplotlib in your venv" % (e.name or "matplotlib"))

    def track_key(k):
        return (psort.get(k[0], 0), str(k[0]), tsort.get(k, 0), str(k[1]))

    tracks = sorted({(e[2], e[3]) for e in events}, key=track_key)
    row = {k: i for i, k in enumerate(tracks)}
    names = sorted({e[1] for e in events})

    # One drawing call per (track, kind): thousands of events render in a second or two.
    bars, ticks = {}, {}
    for ph, name, pid, tid, ts, dur in events:
        key = (row[(pid, tid)], name)
        if ph == "X":
            bars.setdefault(key, []).append((ts, max(dur, 0.0)))
        else:
            ticks.setdefault(key, []).append(ts)

    fig, ax = plt.subplots(figsize=(a.width, 1.4 + 0.32 * len(tracks)), dpi=a.dpi)
    for (y, name), spans in bars.items():
        c = colour(name)
        ax.broken_barh(spans, (y - 0.35, 0.7), facecolors=c, edgecolor=c, linewidth=0.6)
    for (y, name), xs in ticks.items():
        ax.vlines(xs, y - 0.45, y + 0.45, colors=[colour(name)], linewidth=1.2)
    ax.set_yticks(range(len(tracks)))
    ax.set_yticklabels(["%s / %s" % (pname.get(p, p), tname.get((p, t), t)) for p, t in tracks],
                       fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("time (µs since the trace started)")
    ax.set_title(a.title, fontsize=10)
    if a.start is not None or a.end is not None:
        lo, hi = ax.get_xlim()
        ax.set_xlim(a.start if a.start is not None else lo, a.end if a.end is not None else hi)
    ax.grid(axis="x", linewidth=0.3)
    ax.legend(handles=[Patch(color=colour(n), label=n) for n in names], fontsize=7,
              loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    fig.tight_layout()
    try:
        fig.savefig(a.out)
    except (OSError, ValueError) as e:
        fail("cannot write '%s': %s" % (a.out, getattr(e, "strerror", None) or e))
    print("%s: %d events on %d tracks -> %s" % (PROG, len(events), len(tracks), a.out))


if __name__ == "__main__":
    main()

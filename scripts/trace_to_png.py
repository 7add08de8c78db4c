#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Render a SOFTDPA_TRACE file (Chrome/Perfetto JSON) as a timeline PNG.

One row per track (process / thread, in the trace's sort order), complete events ("X")
as bars colored by name, instants ("i") as ticks, counters left out. A docs tool: it
needs matplotlib (Debian: python3-matplotlib), which the build does not.

  scripts/trace_to_png.py trace.json -o timeline.png [--start US] [--end US]
"""
import argparse
import json
import sys


def load(path):
    with open(path) as f:
        d = json.load(f)
    events = d["traceEvents"] if isinstance(d, dict) else d
    pname, tname, psort, tsort = {}, {}, {}, {}
    for e in events:
        if e.get("ph") != "M":
            continue
        key, args = (e["pid"], e.get("tid", 0)), e.get("args", {})
        if e["name"] == "process_name":
            pname[e["pid"]] = args.get("name", str(e["pid"]))
        elif e["name"] == "thread_name":
            tname[key] = args.get("name", str(key[1]))
        elif e["name"] == "process_sort_index":
            psort[e["pid"]] = args.get("sort_index", 0)
        elif e["name"] == "thread_sort_index":
            tsort[key] = args.get("sort_index", 0)
    return events, pname, tname, psort, tsort


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trace")
    ap.add_argument("-o", "--out", default="trace.png")
    ap.add_argument("--start", type=float, help="first microsecond shown")
    ap.add_argument("--end", type=float, help="last microsecond shown")
    ap.add_argument("--title", default="softdpa trace")
    ap.add_argument("--width", type=float, default=11.0, help="inches")
    ap.add_argument("--dpi", type=int, default=90)
    a = ap.parse_args()

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    events, pname, tname, psort, tsort = load(a.trace)
    shown = [e for e in events if e.get("ph") in ("X", "i")
             and (a.start is None or e["ts"] + e.get("dur", 0) >= a.start)
             and (a.end is None or e["ts"] <= a.end)]
    if not shown:
        sys.exit("trace_to_png: no X or i events in the chosen window of " + a.trace)
    tracks = sorted({(e["pid"], e["tid"]) for e in shown},
                    key=lambda k: (psort.get(k[0], k[0]), k[0], tsort.get(k, k[1]), k[1]))
    row = {k: i for i, k in enumerate(tracks)}
    names = sorted({e["name"] for e in shown})
    cmap = plt.get_cmap("tab20")
    color = {n: cmap(i % 20) for i, n in enumerate(names)}

    fig, ax = plt.subplots(figsize=(a.width, 1.4 + 0.32 * len(tracks)), dpi=a.dpi)
    for e in shown:
        y = row[(e["pid"], e["tid"])]
        if e["ph"] == "X":
            # Keep very short bars visible: at least a hair wide.
            ax.broken_barh([(e["ts"], max(e["dur"], 0.0))], (y - 0.35, 0.7),
                           facecolors=color[e["name"]], edgecolor=color[e["name"]],
                           linewidth=0.6)
        else:
            ax.vlines(e["ts"], y - 0.45, y + 0.45, colors=[color[e["name"]]], linewidth=1.2)
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
    ax.legend(handles=[Patch(color=color[n], label=n) for n in names], fontsize=7,
              loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    fig.tight_layout()
    fig.savefig(a.out)
    print("trace_to_png: %d events on %d tracks -> %s" % (len(shown), len(tracks), a.out))


if __name__ == "__main__":
    main()

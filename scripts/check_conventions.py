#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Three conventions of CONTRIBUTING.md that a reviewer would otherwise have to re-check.

1. Every acquire load and release store names its partner (Atomics).

A call of sdpa_load_acquire or sdpa_store_release is labelled when its line, or the comment
directly above its statement, carries its label -- A<tag> on the acquire side, R<tag> on the
release side, <tag> a number or -name -- and names its partner (the other side's label,
or "pairs with" and what it pairs with):

    /* A1 pairs with R1 in ap_register: the aperture is initialised. */
    hi = sdpa_load_acquire(&reg_hi);

scripts/atomic_labels.baseline lists, per file, how many calls were still unlabelled when
the check came in; a file may not exceed its count (a file not listed: 0). So no new
unlabelled call lands, and labelling old ones lowers the baseline (--update rewrites it).

2. No meson.build guards a source or a test with fs.exists()/fs.is_file() (Build): a
listed file that is missing must stop meson setup, not shrink the build silently. The one
probe allowed is src/dpdk/meson.build's, for DPDK's driver headers (it warns with the fix).

3. The provider includes no header of src/nic but nic/nic_provider.h (Layering): no NIC
struct layout reaches it.

usage: check_conventions.py [--update] [ROOT]
"""
import os
import re
import subprocess
import sys

CALL = re.compile(r"\bsdpa_(load_acquire|store_release)\s*\(")
LABEL = re.compile(r"\b[AR](\d+|-[A-Za-z][\w-]*)'?")
DIRS = ["src", "tools", "bench", "examples", "tests", "include"]


def sources(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "--"] + DIRS, capture_output=True,
                         text=True, check=True).stdout.split()
    return [f for f in out if f.endswith((".c", ".h")) and f != "src/core/atomics.h"]


def attached(lines, i):
    """The call's line, the lines of the same statement above it, and the comment block
    directly above that statement (or ending on its first line, as 'else /* ... */')."""
    ctx = [lines[i]]
    j = i - 1
    while j >= 0:
        t = lines[j].strip()
        if t == "" or t.endswith(("{", "}", "*/")) or t.startswith(("/*", "*", "//")):
            break
        if t.endswith(";") and t.count("(") <= t.count(")"):
            break  # a statement of its own (not a 'for (...;' header)
        ctx.append(lines[j])
        j -= 1
    if j >= 0 and lines[j].strip().endswith("*/"):
        while j >= 0:
            ctx.append(lines[j])
            if "/*" in lines[j]:
                break
            j -= 1
    while j >= 0 and lines[j].strip().startswith("//"):
        ctx.append(lines[j])
        j -= 1
    return "\n".join(ctx)


def labelled(ctx, acquire):
    """The call's own label (A<tag> for an acquire, R<tag> for a release) and its partner:
    a label of the other side, or the words 'pairs with' (a partner without a label, e.g.
    a seq_cst load or a mutex)."""
    sides = {m.group(0)[0] for m in LABEL.finditer(ctx)}
    own, other = ("A", "R") if acquire else ("R", "A")
    return own in sides and (other in sides or "pairs with" in ctx)


def unlabelled(path):
    with open(path, encoding="utf-8", errors="replace") as fh:
        lines = fh.read().split("\n")
    bad = []
    for i, line in enumerate(lines):
        if line.lstrip().startswith("#define"):
            continue
        if not CALL.search(line):
            continue
        ctx = attached(lines, i)
        if not labelled(ctx, CALL.search(line).group(1) == "load_acquire"):
            bad.append(i + 1)
    return bad


FS_PROBE = re.compile(r"\bfs\.(exists|is_file|is_dir)\s*\(")
FS_ALLOWED = {"src/dpdk/meson.build"}


def fs_guards(root):
    out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True,
                         check=True).stdout.split()
    bad = []
    for f in out:
        if os.path.basename(f) != "meson.build" or f in FS_ALLOWED:
            continue
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if FS_PROBE.search(line.split("#", 1)[0]):
                    bad.append("%s:%d" % (f, n))
    return bad


NIC_INCLUDE = re.compile(r'#\s*include\s+"nic/([^"]+)"')


def provider_includes(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "src/provider"], capture_output=True,
                         text=True, check=True).stdout.split()
    bad = []
    for f in out:
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                m = NIC_INCLUDE.search(line)
                if m and m.group(1) != "nic_provider.h":
                    bad.append("%s:%d: includes nic/%s" % (f, n, m.group(1)))
    return bad


def main(argv):
    update = "--update" in argv
    args = [a for a in argv if a != "--update"]
    root = args[0] if args else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    base_path = os.path.join(root, "scripts", "atomic_labels.baseline")
    baseline = {}
    if os.path.exists(base_path):
        for line in open(base_path, encoding="utf-8"):
            line = line.split("#", 1)[0].strip()
            if line:
                name, n = line.rsplit(None, 1)
                baseline[name] = int(n)
    found = {}
    for f in sources(root):
        bad = unlabelled(os.path.join(root, f))
        if bad:
            found[f] = bad
    if update:
        with open(base_path, "w", encoding="utf-8") as fh:
            fh.write("# Unlabelled acquire/release calls per file that predate "
                     "scripts/check_conventions.py.\n# Only ever lower these: label the "
                     "calls (CONTRIBUTING.md), then run the script with --update.\n")
            for f in sorted(found):
                fh.write("%s %d\n" % (f, len(found[f])))
        print("atomic labels: baseline written, %d unlabelled call(s) in %d file(s)"
              % (sum(len(v) for v in found.values()), len(found)))
        return 0
    fail = 0
    for f in sorted(found):
        allowed = baseline.get(f, 0)
        if len(found[f]) > allowed:
            fail += 1
            print("%s: %d acquire/release call(s) without a partner label (allowed %d), at "
                  "line(s) %s. Label each as CONTRIBUTING.md says: "
                  "'/* A1 pairs with R1 in fn: why */' above the call"
                  % (f, len(found[f]), allowed, ", ".join(map(str, found[f]))))
    total = sum(len(v) for v in found.values())
    lower = [f for f in baseline if len(found.get(f, [])) < baseline[f]]
    if lower:
        print("atomic labels: %d file(s) now have fewer unlabelled calls than the baseline "
              "(%s); run scripts/check_conventions.py --update to lower it"
              % (len(lower), ", ".join(sorted(lower))))
    guards = fs_guards(root)
    for g in guards:
        print("%s: fs.exists()/fs.is_file() guard in a meson.build; list the file "
              "unconditionally (a missing one then stops meson setup) or error() with what "
              "is missing" % g)
    layers = provider_includes(root)
    for b in layers:
        print("%s; the provider reaches the NIC only through nic/nic_provider.h "
              "(function-only): add the function there" % b)
    if fail or guards or layers:
        print("conventions: FAILED (%d file(s) with unlabelled atomics, %d fs guard(s), %d "
              "layer include(s))" % (fail, len(guards), len(layers)))
        return 1
    print("conventions: ok (%d acquire/release call(s) still unlabelled, all in the "
          "baseline; no fs guard; the provider includes only nic/nic_provider.h)" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

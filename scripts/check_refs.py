#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""check_refs.py: every citation in the tree resolves inside the tree.

A comment, a doc page or a message that sends the reader somewhere must send them to
something that exists in this repository:

  - a repository path (docs/..., src/..., include/..., tests/..., tools/..., scripts/...,
    examples/..., bench/..., pkgconfig/...) must exist (file or directory);
    (a path inside a fenced code block of a .md page is a command's argument, not a
    citation; an all-capitals component such as examples/NAME is a placeholder; a path
    may name what a source of the same name builds, bench/bench_window);
  - a Markdown link target in a .md file must exist, relative to that file;
  - a bare page name (WINDOWS.md, ARCHITECTURE.md) must be a file somewhere in the tree;
  - a decision number Dn must be a section of docs/DESIGN_DECISIONS.md, and the record is
    cited by that name (the word on its own named a page outside the tree);
  - a pitfall number Pn must be a row of the pitfall table in docs/GLOSSARY.md.

Usage: check_refs.py [ROOT]   (default: the repository holding this script)
Prints one line per broken citation (file:line: what, and what to do) and exits 1 if there
is any; prints "check_refs: N files, N citations, all resolve" and exits 0 otherwise.
Run as the meson test 'doc_refs' (tests/meson.build).
"""

import os
import re
import subprocess
import sys

# Where citations are looked for: everything a reader of the repository reads.
SCAN_DIRS = ("src", "include", "docs", "tools", "tests", "examples", "scripts", "bench",
             "pkgconfig")
SCAN_TOP = ("README.md", "CONTRIBUTING.md", "meson.build", "meson_options.txt", "Makefile")
SKIP_EXT = (".png", ".jpg", ".jpeg", ".gif", ".pcap", ".pdf", ".a", ".o", ".so", ".bin")

# The roots a repository path can start with.
ROOTS = "docs|src|scripts|tools|tests|include|examples|bench|pkgconfig"
PATH_RE = re.compile(r"(?<![\w./~$@%-])((?:" + ROOTS + r")/[\w.+/-]*)")
# A character right after a path that makes it a pattern or a placeholder, not a citation.
PATTERN_NEXT = set("*<{[$%")
LINK_RE = re.compile(r"\]\(([^)\s]+)\)")
BARE_MD_RE = re.compile(r"(?<![\w/.-])([A-Z][A-Z0-9_]*\.md)\b")
DEC_RE = re.compile(r"\bD([0-9]{1,2})\b")
OLD_DEC_RE = re.compile(r"(?<!DESIGN_)\bDECISIONS\b")
PIT_RE = re.compile(r"\bP([0-9]{1,2})\b")
# "P1-P5" / "P1–P5" cite every number in between.
PIT_RANGE_RE = re.compile(r"\bP([0-9]{1,2})\s*(?:-|–|\.\.)\s*P([0-9]{1,2})\b")

# Paths that name an *installed* layout, not this tree (docs/PORTING.md: DOCA's layout puts
# dpacc and dpa-app-attributes2blob under <prefix>/tools/).
INSTALLED = {"tools/dpa-app-attributes2blob"}

# An all-capitals component without a dot is a placeholder: examples/NAME, tests/AREA.
PLACEHOLDER_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")
# A path may name what a source builds: bench/bench_window is built from bench_window.c.
BUILT_FROM = (".c", ".py", ".sh")

DECISIONS_PAGE = "docs/DESIGN_DECISIONS.md"
GLOSSARY_PAGE = "docs/GLOSSARY.md"


def list_files(root):
    """Tracked and untracked-but-not-ignored files; a plain walk outside a git checkout."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard"], check=True, capture_output=True).stdout
        files = [f for f in out.decode("utf-8", "replace").split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, subdirs, names in os.walk(root):
            rel = os.path.relpath(d, root)
            subdirs[:] = [s for s in subdirs if not s.startswith((".", "build"))]
            files += [os.path.normpath(os.path.join(rel, n)) for n in names]
    return sorted(set(f for f in files if os.path.isfile(os.path.join(root, f))))


def exists(root, p):
    full = os.path.join(root, p)
    return os.path.exists(full) or any(os.path.isfile(full + e) for e in BUILT_FROM)


def wanted(f):
    if f.endswith(SKIP_EXT):
        return False
    return f in SCAN_TOP or f.split("/", 1)[0] in SCAN_DIRS


def read_text(path):
    with open(path, "rb") as fh:
        data = fh.read()
    if b"\0" in data:
        return None
    return data.decode("utf-8", "replace")


def defined_numbers(root, page, regex, what):
    path = os.path.join(root, page)
    if not os.path.isfile(path):
        return None
    nums = set()
    for line in read_text(path).splitlines():
        m = regex.match(line)
        if m:
            nums.add(int(m.group(1)))
    if not nums:
        sys.stderr.write("check_refs: %s defines no %s\n" % (page, what))
    return nums


def main(argv):
    root = os.path.abspath(argv[1] if len(argv) > 1 else
                           os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    files = list_files(root)
    basenames = {os.path.basename(f) for f in files}
    decisions = defined_numbers(root, DECISIONS_PAGE, re.compile(r"^#{2,3} D([0-9]{1,2})\b"),
                                "decision (## Dn. headings)")
    pitfalls = defined_numbers(root, GLOSSARY_PAGE, re.compile(r"^\| P([0-9]{1,2}) \|"),
                               "pitfall (| Pn | rows)")
    errors = []
    cited = 0

    def bad(f, n, msg):
        errors.append("%s:%d: %s" % (f, n, msg))

    for f in files:
        if not wanted(f):
            continue
        text = read_text(os.path.join(root, f))
        if text is None:
            continue
        is_md = f.endswith(".md")
        fenced = False
        for n, line in enumerate(text.splitlines(), 1):
            if is_md and line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            for m in PATH_RE.finditer(line):
                p = m.group(1).rstrip(".")
                nxt = line[m.end():m.end() + 1]
                if (fenced or nxt in PATTERN_NEXT or p.endswith("-") or p in INSTALLED or
                        any(PLACEHOLDER_RE.match(c) for c in p.split("/"))):
                    continue
                cited += 1
                if not exists(root, p):
                    bad(f, n, "cites %s, which does not exist; fix the path or drop the "
                        "citation" % p)
            if is_md:
                for m in LINK_RE.finditer(line):
                    t = m.group(1)
                    if re.match(r"^[a-z][a-z0-9+.-]*:", t) or t.startswith("#"):
                        continue
                    t = t.split("#", 1)[0]
                    cited += 1
                    target = os.path.normpath(os.path.join(root, os.path.dirname(f), t))
                    if not os.path.exists(target):
                        bad(f, n, "links to %s, which does not exist (relative to %s)"
                            % (t, os.path.dirname(f) or "."))
            for m in BARE_MD_RE.finditer(line):
                cited += 1
                if m.group(1) not in basenames:
                    bad(f, n, "cites %s, which is no file of this tree; cite a page in docs/"
                        % m.group(1))
            for m in OLD_DEC_RE.finditer(line):
                bad(f, n, "cites the old decisions record outside the tree; cite %s Dn"
                    % DECISIONS_PAGE)
            for m in DEC_RE.finditer(line):
                cited += 1
                if decisions is None:
                    bad(f, n, "cites D%s but %s is missing" % (m.group(1), DECISIONS_PAGE))
                elif int(m.group(1)) not in decisions:
                    bad(f, n, "cites D%s, which %s does not define; add it there or fix the "
                        "number" % (m.group(1), DECISIONS_PAGE))
            pits = [int(m.group(1)) for m in PIT_RE.finditer(line)]
            for m in PIT_RANGE_RE.finditer(line):
                pits += range(int(m.group(1)), int(m.group(2)) + 1)
            for p in sorted(set(pits)):
                cited += 1
                if pitfalls is None:
                    bad(f, n, "cites P%d but %s is missing" % (p, GLOSSARY_PAGE))
                elif p not in pitfalls:
                    bad(f, n, "cites P%d, which the pitfall table of %s does not list; add "
                        "it there or fix the number" % (p, GLOSSARY_PAGE))

    for e in errors:
        print(e)
    if errors:
        print("check_refs: %d broken citation(s)" % len(errors))
        return 1
    print("check_refs: %d files, %d citations, all resolve"
          % (sum(1 for f in files if wanted(f)), cited))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

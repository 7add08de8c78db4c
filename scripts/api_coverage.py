#!/usr/bin/env python3
"""Generate docs/API_COVERAGE.md from the public headers and the sources.

Every function declared in include/*.h, include/dev/*.h and include/libflexio/*.h is listed
with its status:
  implemented    a definition exists and does more than refuse;
  NOT_SUPPORTED  the definition only logs and returns DOCA_ERROR_NOT_SUPPORTED (a void
                 function: only logs);
  device fault   a device call softdpa does not emulate: it links, and at run time logs one
                 line and fails as a device error would (SDPA_DEV_FAULT / SDPA_DEV_FAILS);
  missing        declared but not defined anywhere (a bug: the link of a user program fails).
Usage: api_coverage.py [--check] [--exports LIB]
  --check        exit 1 when the committed file is out of date or a function is missing
  --exports LIB  exit 1 when a host function of the headers is not exported by the shared
                 library LIB (a user's program would not link: a definition without the
                 DOCA_STABLE/DOCA_EXPERIMENTAL mark, or none at all)
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "API_COVERAGE.md")

DECL = re.compile(r"^(?:DOCA_(?:STABLE|EXPERIMENTAL)\s+)?(?:static\s+inline\s+|__forceinline\s+)?"
                  r"[A-Za-z_][\w\s\*]*?\b((?:doca|softdpa|__dpa|flexio)_\w+)\s*\(", re.M)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def header_functions(path):
    text = strip_comments(open(path, encoding="utf-8").read())
    names = []
    for m in DECL.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line = text[line_start:m.end()]
        if line.lstrip().startswith("#") or "typedef" in line or "(*" in line:
            continue
        name = m.group(1)
        # An inline definition in the header counts as implemented there.
        if name not in names:
            names.append(name)
    return names


def source_bodies():
    bodies = {}
    for top in ("src", "include"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if not f.endswith((".c", ".h")):
                    continue
                text = strip_comments(open(os.path.join(dirpath, f), encoding="utf-8").read())
                for m in re.finditer(r"\b((?:doca|softdpa|__dpa|flexio)_\w+)\s*\(([^;{]*?)\)\s*(?:__attribute__\(\([^)]*\)\)\s*)?\{",
                                     text, re.S):
                    name = m.group(1)
                    start = m.end() - 1
                    depth, i = 0, start
                    while i < len(text):
                        if text[i] == "{":
                            depth += 1
                        elif text[i] == "}":
                            depth -= 1
                            if depth == 0:
                                break
                        i += 1
                    body = text[start:i + 1]
                    # Skip macro-like false positives (calls inside other bodies are not at line start).
                    line_start = text.rfind("\n", 0, m.start()) + 1
                    prefix = text[line_start:m.start()]
                    if prefix.strip() and not re.match(r"^[\w\s\*]+$", prefix):
                        continue
                    bodies.setdefault(name, body)
    return bodies


# The refusal lines of the NOT_SUPPORTED definitions (src/core/refuse.h and per-file macros).
REFUSAL = re.compile(r"\b(?:SAY_UNSUPPORTED|SAY_NOT_SUPPORTED|SDPA_SAY_REFUSED)\s*\(|"
                     r"is not supported by softdpa")
FAILURE_VALUE = re.compile(r"|NULL|0|-1|false|UINT(?:8|16|32|64)_MAX|\(\w+[\w\s\*]*\)\s*NULL")


def classify(body):
    if body is None:
        return "missing"
    if "SDPA_DEV_FAULT(" in body or "SDPA_DEV_FAILS(" in body:
        return "device fault"
    returns = re.findall(r"return\s+([^;]*);", body)
    if returns and "NOT_SUPPORTED" in returns[-1] and not any("SUCCESS" in r for r in returns):
        return "NOT_SUPPORTED"
    # A void function has no value to return: it refuses by logging through a
    # *NOT_SUPPORTED* macro (early `return;` for bad arguments carries no value).
    if not returns and "NOT_SUPPORTED" in body:
        return "NOT_SUPPORTED"
    # A function returning a pointer or a count refuses by logging the refusal and
    # returning its failure value (NULL, 0, UINT32_MAX ...): no success path exists.
    if REFUSAL.search(body) and not any("SUCCESS" in r for r in returns) and \
            all(FAILURE_VALUE.fullmatch(r.strip()) for r in returns):
        return "NOT_SUPPORTED"
    if any("NOT_SUPPORTED" in r for r in returns) or "DOCA_ERROR_NOT_SUPPORTED;" in body:
        return "partial"
    return "implemented"


def host_headers():
    """Every host header, include/ and its subfolders but not the device headers (dev/)."""
    out = []
    top = os.path.join(ROOT, "include")
    for dirpath, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if os.path.relpath(os.path.join(dirpath, d), top) != "dev")
        out += sorted(os.path.relpath(os.path.join(dirpath, f), ROOT) for f in files if f.endswith(".h"))
    return out


def check_exports(lib):
    """Names declared by the host headers (not defined inline there) that lib does not export."""
    nm = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True)
    if nm.returncode != 0:
        sys.stderr.write("nm failed on %s: %s\n" % (lib, nm.stderr.strip()))
        return 1
    exported = {line.split()[-1] for line in nm.stdout.splitlines() if line.strip()}
    inline = re.compile(r"\bstatic\s+(?:inline|__inline__)\b")
    bad = []
    for h in host_headers():
        path = os.path.join(ROOT, h)
        text = strip_comments(open(path, encoding="utf-8").read())
        for name in header_functions(path):
            m = re.search(r"^[^\n;{}]*\b%s\s*\(" % re.escape(name), text, re.M)
            if m and inline.search(m.group(0)):
                continue
            if name not in exported:
                bad.append("%s (%s)" % (name, h))
    if bad:
        sys.stderr.write("%d functions declared in the public headers are not exported by %s "
                         "(mark the definition DOCA_STABLE/DOCA_EXPERIMENTAL, or define it):\n  %s\n"
                         % (len(bad), os.path.basename(lib), "\n  ".join(bad)))
        return 1
    print("every host function of the public headers is exported by %s" % os.path.basename(lib))
    return 0


def main():
    if "--exports" in sys.argv:
        i = sys.argv.index("--exports")
        if i + 1 >= len(sys.argv):
            sys.stderr.write("--exports needs the shared library's path\n")
            return 2
        return check_exports(sys.argv[i + 1])
    headers = []
    for sub in ("include", os.path.join("include", "dev"), os.path.join("include", "libflexio")):
        d = os.path.join(ROOT, sub)
        if os.path.isdir(d):
            headers += sorted(os.path.join(sub, f) for f in os.listdir(d) if f.endswith(".h"))
    bodies = source_bodies()
    lines = ["# API coverage", "",
             "Generated by `scripts/api_coverage.py` from the public headers and the sources; "
             "`make test` fails when this file is out of date.", "",
             "- **implemented**: behaves as DOCA documents, with every documented error.",
             "- **partial**: implemented; answers `DOCA_ERROR_NOT_SUPPORTED` (with a log line) for some "
             "inputs or object kinds the emulator does not model, or where DOCA itself documents "
             "NOT_SUPPORTED (see the area's doc).",
             "- **NOT_SUPPORTED**: returns `DOCA_ERROR_NOT_SUPPORTED` (a void function: does nothing) "
             "and logs one line naming itself.",
             "- **device fault**: a device call softdpa does not emulate; kernels calling it build "
             "and link, and at run time it logs one line naming itself and fails as a device error "
             "would (a failure value, or a device fault that puts the DPA context into its error "
             "state; docs/DPA.md).",
             "- **missing**: declared but not defined (should never appear).", ""]
    totals = {"implemented": 0, "partial": 0, "NOT_SUPPORTED": 0, "device fault": 0,
              "missing": 0}
    for h in headers:
        names = header_functions(os.path.join(ROOT, h))
        if not names:
            continue
        lines += ["## `%s`" % h, "", "| function | status |", "|---|---|"]
        for n in names:
            st = classify(bodies.get(n))
            totals[st] += 1
            lines.append("| `%s` | %s |" % (n, st))
        lines.append("")
    lines.insert(4, "Totals: %d implemented, %d partial, %d NOT_SUPPORTED, %d device fault, "
                 "%d missing." % (totals["implemented"], totals["partial"], totals["NOT_SUPPORTED"],
                                  totals["device fault"], totals["missing"]))
    lines.insert(5, "")
    text = "\n".join(lines) + "\n"
    if "--check" in sys.argv:
        old = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if old != text:
            sys.stderr.write("docs/API_COVERAGE.md is out of date: run scripts/api_coverage.py\n")
            return 1
        if totals["missing"]:
            sys.stderr.write("%d declared functions have no definition (see docs/API_COVERAGE.md)\n"
                             % totals["missing"])
            return 1
        return 0
    open(OUT, "w", encoding="utf-8").write(text)
    print("docs/API_COVERAGE.md: %d implemented, %d partial, %d NOT_SUPPORTED, %d device fault, "
          "%d missing" % (totals["implemented"], totals["partial"], totals["NOT_SUPPORTED"],
                          totals["device fault"], totals["missing"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

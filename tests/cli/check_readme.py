#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""README.md's tutorial, run: its quick commands and the figures it quotes.

The commands are read from README.md itself (the pkg-config line and its comment, the
`softdpa pcap gen` line, the elephant_guard lines), run against a build tree, and what
they print is compared with what README says they print: the version, the device, the
number of disables by default and with --threshold, and step 5's late-export figures.

  check_readme.py BUILD_DIR SOURCE_DIR
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

errors = []


def check(ok, what):
    if not ok:
        errors.append(what)


def line_of(readme, pattern):
    m = re.search(pattern, readme, re.M)
    if m is None:
        sys.exit("check_readme: README.md has no line matching %r; update this test with "
                 "the README" % pattern)
    return m


def main():
    build, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    readme = open(os.path.join(src, "README.md")).read()
    work = tempfile.mkdtemp(prefix="sdpa-readme-")
    exbuild = subprocess.run(["bash", os.path.join(src, "scripts", "build-example.sh"), build,
                              "elephant_guard", "--build-only"], check=True,
                             stdout=subprocess.PIPE, text=True).stdout.split()[-1]
    prefix = os.path.join(build, "examples", "prefix-elephant_guard")
    pcdirs = sorted({os.path.dirname(os.path.join(d, f)) for d, _, fs in os.walk(prefix)
                     for f in fs if f.endswith(".pc")})
    bindir = [d for d, _, fs in os.walk(prefix) if "softdpa" in fs and d.endswith("bin")][0]
    env = {k: v for k, v in os.environ.items() if not k.startswith("SOFTDPA_")}
    env.update(PKG_CONFIG_PATH=":".join(pcdirs), PATH=bindir + ":" + env["PATH"])

    def run(cmd, **kw):
        return subprocess.run(cmd, shell=True, cwd=work, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)

    # Step 1: pkg-config --modversion ... # VERSION; softdpa caps # the emulated BlueField-3
    m = line_of(readme, r"^\s*(pkg-config --modversion \S+)\s+#\s*(\S+)\s*$")
    got = run(m.group(1)).stdout.strip()
    check(got == m.group(2), "%s prints %r, README says %r" % (m.group(1), got, m.group(2)))
    m = line_of(readme, r"^\s*softdpa caps\s+#\s*the emulated (\S+)\s*$")
    check("model               %s" % m.group(1) in run("softdpa caps").stdout,
          "softdpa caps shows no %s, README says it does" % m.group(1))

    # Step 3: the traffic, and the guard's default run: N disables.
    gen = line_of(readme, r"^\s*(softdpa pcap gen -o burst\.pcap .*)$").group(1)
    p = run(gen)
    check(p.returncode == 0 and "frames     20000" in p.stdout,
          "%s: exit %d, %r" % (gen, p.returncode, p.stdout[:200]))
    guard = line_of(readme, r"^\s*(\./build/elephant_guard --in burst\.pcap --out-dir out)\s*$")
    app = guard.group(1).replace("./build/elephant_guard", os.path.join(exbuild, "elephant_guard"))
    m = line_of(readme, r"\((\d+)\s+disables instead of (\d+)\)")
    strict, default = int(m.group(1)), int(m.group(2))
    out = run(app).stdout
    check(out.count(": disabled entry ") == default,
          "the default run disables %d entries, README says %d" %
          (out.count(": disabled entry "), default))
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
    m = line_of(readme, r"the\s+(\w+) elephants' buckets")
    check(words.get(default) == m.group(1), "README says '%s elephants' buckets', the run "
          "disables %d" % (m.group(1), default))

    # Step 4: --threshold N: more disables.
    m = line_of(readme, r"^\s*(\./build/elephant_guard --in burst\.pcap --out-dir out --threshold \d+)\s*$")
    out = run(m.group(1).replace("./build/elephant_guard",
                                 os.path.join(exbuild, "elephant_guard"))).stdout
    check(out.count(": disabled entry ") == strict,
          "--threshold run disables %d entries, README says %d" %
          (out.count(": disabled entry "), strict))

    # Step 5: the late export: the warning's entry count, the guard's lines, 'N failed'.
    p = run(app + " --export-late")
    m = line_of(readme, r"called after (\d+) entries were added")
    check("called after %s entries were added" % m.group(1) in p.stderr,
          "--export-late warns %r, README quotes %s entries" % (p.stderr[-300:], m.group(1)))
    m = line_of(readme, r"\(`(\d+) failed`\)")
    check("enable/disable %d posted, %d completed, %s failed" %
          (default, default, m.group(1)) in p.stdout,
          "--export-late report %r, README says `%s failed`" % (p.stdout[-400:], m.group(1)))
    check(p.stdout.count(": disable requested, failed (entry ") == default and
          ": disabled entry " not in p.stdout,
          "--export-late guard lines are not 'disable requested, failed (entry N)'")
    subprocess.run(["rm", "-rf", work])
    for e in errors:
        print("README.md differs from what the commands print: " + e)
    print("README commands checked: %d differences" % len(errors))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

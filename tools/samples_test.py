#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""softdpa samples test: run NVIDIA's DOCA Flow samples on softdpa and check them against
their own test descriptions (<name>_sample.yaml).

For each sample: build it as scripts/conformance.sh does, create the devices its
ports_description asks for (SOFTDPA_DEVICES), give every port a unix:PATH wire
(docs/WIRES.md), run the binary with the description's command line (device names mapped to
the emulated ones) and SOFTDPA_NIC_WORKERS=1 (the NIC forwards while the sample sleeps), wait
for SOFTDPA_READY_FILE to report the receiving ports ready, send each stage's packets (scapy
expressions), collect what leaves every port until the sample exits, and compare:
  packet  the frames per forwarding port, as multisets of bytes
  dump    each expected line appears in the sample's output
  pattern each regular expression matches the sample's output
One line per use case: PASS, FAIL (what differed) or SKIP (the NOT_SUPPORTED refusal that
stopped it), then "N passed, N failed, N skipped". Exit status 1 when anything failed.

The DPA samples (samples/doca_dpa/<name>, no yaml) run as NVIDIA documents them: on the
default devices (SOFTDPA_DEVICES unset), with their default command line (DPA_COMMANDS),
each bounded by the run timeout, once in each fidelity mode (DPA_MODES: the default, fast,
strict). PASS: exit status 0 and "Sample finished successfully".

The MPI applications (applications/<name> with a meson.build.public: dpa_all_to_all) run
under Open MPI's mpirun on this machine, once per process count of MPI_APPS, each rank its
own emulated BlueField on the default devices. PASS: mpirun exits 0 and the result rank 0
prints matches the application's own reference: its receive buffers are its send buffers'
all-to-all exchange (rank r's block j is rank j's block r), and the ranks' RDMA traffic,
captured (SOFTDPA_RDMA_PCAP), is RoCEv2 frames whose every ICRC scapy's RoCE layer confirms.

Usage: samples_test.py [options] DOCA_SAMPLES_DIR [SAMPLE...]
       samples_test.py --self-test
Needs Debian's python3-yaml and python3-scapy. Nothing needs root.
"""
import argparse
import collections
import os
import re
import select
import shlex
import signal
import socket
import subprocess
import sys
import threading
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
READY_TIMEOUT = 60.0  # seconds for a sample to put its pipes in place
# A stage whose earlier stages print nothing to wait for (flow_fwd_miss: packets, then
# packets again after the sample changed its pipes) is sent once those stages' packets are
# back and the sample printed something since and then went quiet this long: it waits for
# its next batch.
STAGE_QUIET = 1.0
RUN_TIMEOUT = 120.0   # seconds for a whole run (the samples wait ~5 s for traffic)
# A sample that waits for Ctrl-C (flow_loopback loops until SIGINT or SIGTERM) is sent
# SIGINT once every stage was sent, its frames are back and it printed nothing for this long.
STOP_QUIET = 30.0

# Use cases softdpa is known to fail, with why: each still runs; its FAIL prints as KNOWN
# (counted apart, never as passed) and a PASS of a listed use case is a FAIL until it is
# taken off this list. Keep it short and say what would fix each (docs/CLI.md).
KNOWN = {
    "flow_rss_esp RSS ESP distribution case #1":
        "the device's RSS hash over the ESP SPI is not established; the card puts these 8 "
        "SPIs on 8 queues. Tried (LSBs of the hash index a 8-entry table): Toeplitz over the "
        "SPI with DPDK mlx5's default key: 6 queues (softdpa's hash today); over IPv4 src, "
        "dst, SPI (mlx5_flow.h: MLX5_RSS_HASH_IPV4_ESP): 7; Microsoft's key: 5 or 5; the "
        "symmetric 6d5a key: 4. DOCA Flow's own default key, and whether DOCA_FLOW_RSS_ESP "
        "alone adds the addresses, are not in DOCA's docs or headers (issue 14)",
    "flow_sampling Random sampling case #1":
        "the description expects exactly 350 of its 1000 frames (sent 1000 times: '# rate: "
        "1000') to pass 'random < 22937' (34.999 %); DOCA documents parser_meta.random as a "
        "random value, no distribution or sequence: independent values give exactly 350 "
        "2.6 % of the time, the most even 16-bit sequence 349..351 by where it starts; "
        "softdpa's seeded source (SOFTDPA_RANDOM_SEED) gives what a random source gives "
        "(docs/FLOW.md 'Random values', issue 14)",
}
DPA_SUCCESS = "Sample finished successfully"

MPI_APP = "mpi application"
# MPI applications: the runs of each, (process count, SOFTDPA_FIDELITY or None for the
# default), one use case each: "<name> np<N>[ <mode>]".
MPI_APPS = {"dpa_all_to_all": [(2, None), (4, None), (4, "fast"), (4, "strict")]}

# The command line of each DPA sample, one argument list per process (started in this order);
# a sample not listed runs once with no argument. dpa_nvqual has two mandatory
# options: the PF (mlx5_0, the default set's) and a test duration; one iteration is sized
# for 0.75 x its 120 s watchdog on 255 hardware EUs unless -user_fac says otherwise, and 0.01
# (a 1 s iteration on hardware) keeps the run within the timeout on a few host cores.
# dpa_verbs_initiator_target is a target and an initiator that connects, once, to the
# target's TCP port 5000 at an OOB address: the initiator starts when that port listens
# (DPA_LISTEN), or when the target has exited.
DPA_COMMANDS = {
    "dpa_nvqual": [["-pf_dev", "mlx5_0", "-test_dur", "1", "-user_fac", "0.01"]],
    "dpa_verbs_initiator_target": [["-d", "mlx5_0"], ["-d", "mlx5_0", "-i", "127.0.0.1"]],
}
DPA_LISTEN = {"dpa_verbs_initiator_target": 5000}
# Each DPA sample runs once per fidelity mode (SOFTDPA_FIDELITY; None: unset, the default,
# faithful). Runs of samples that listen on one TCP port take turns (DPA_PORT_LOCKS).
DPA_MODES = [None, "fast", "strict"]
DPA_PORT_LOCKS = collections.defaultdict(threading.Lock)
FRAME_MAX = 9216

# softdpa's refusals: "<call> is not supported by softdpa (<why>)" (core/refuse.h) and
# "<call>: <what> is (or are) not supported by softdpa; <fix>" (pipe types and the like): the log
# record's message, after its last "]".
REFUSAL = re.compile(r"(?:^|\]\s*)([^\]\n]*? (?:is|are) not supported by softdpa\b[^\n]*)",
                     re.MULTILINE)


# ---------------------------------------------------------------- description

def ports_description(desc):
    """port index -> 'doca_dev' | 'doca_rep_dev' (the key is misspelt in some files)."""
    pd = desc.get("ports_description") or desc.get("ports_decription") or {}
    out = {}
    for k, v in pd.items():
        m = re.fullmatch(r"port_(\d+)", str(k))
        if m:
            out[int(m.group(1))] = str(v)
    n = int(desc.get("number_of_ports", len(out) or 1))
    for i in range(n):
        out.setdefault(i, "doca_dev" if i == 0 else "doca_rep_dev")
    return out


def command_line(desc, uc=None):
    """The words after the binary in 'Sample Command Line: ./build/doca_x -- ...': in the
    file's description, else in the use case's (flow_acl writes it there)."""
    for d in (desc, uc or {}):
        text = " ".join(str(d.get("description", "")).split())
        m = re.search(r"Sample Command Line:\s*\S*doca_\S+\s+(.*)$", text)
        if m:
            # a remark in parentheses is the author's note, not an argument:
            # "-r pci/08:00.1 ( = in mpesw mode use second pf as representor)"
            return shlex.split(re.sub(r"\s\([^()]*\s[^()]*\)", "", m.group(1)))
    return ["--"]


# fw_config keys of the descriptions -> SOFTDPA_DEVICES keys (docs/DEVICES.md)
FW_KEYS = {
    "FLEX_PARSER_PROFILE": "flex_parser_profile",
    "FLEX_PARSER_PROFILE_ENABLE": "flex_parser_profile",
    "PROG_PARSE_GRAPH": "prog_parse_graph",
    "REAL_TIME_CLOCK_ENABLE": "real_time_clock_enable",
}


def fw_settings(desc):
    """',key=value' for each fw_config setting of a description: the firmware settings
    of every emulated device. A value may be a list (one per device: the first is used)
    or a scalar; True/False are 1/0. Unknown names are left out (the device has no such
    setting)."""
    out = ""
    for name, val in (desc.get("fw_config") or {}).items():
        key = FW_KEYS.get(str(name).upper())
        if key is None:
            continue
        if isinstance(val, list):
            if not val:
                continue
            val = val[0]
        if isinstance(val, bool) or str(val).lower() in ("true", "false"):
            val = 1 if str(val).lower() == "true" else 0
        out += ",%s=%s" % (key, val)
    return out


def devices_for(ports, fw=""):
    """SOFTDPA_DEVICES and the PCI address of each PF, for a ports_description.
    Each doca_dev is its own PF (no representors); the doca_rep_dev ports are
    representors of the PF before them. fw: fw_settings() given to every PF."""
    entries, pcis, reps = [], [], []
    for i in sorted(ports):
        if ports[i] == "doca_rep_dev" and entries:
            reps[-1] += 1
        else:
            entries.append(len(entries))
            pcis.append("0000:%02x:00.0" % (3 + len(pcis)))
            reps.append(0)
    spec = ";".join("reps=%d%s" % (r, fw) for r in reps)
    return spec, pcis


def map_args(words, pcis):
    """Replace the device of each -a/-r value with the emulated PFs, in order, keeping
    devargs: '-a aux/2,dv_flow_en=2' -> '-a pci/0000:03:00.0,dv_flow_en=2'."""
    out, k, i = [], 0, 0
    while i < len(words):
        w = words[i]
        if w in ("-a", "--allow", "-r", "--rep", "--device", "-d") and i + 1 < len(words):
            dev, sep, rest = words[i + 1].partition(",")
            pci = pcis[min(k, len(pcis) - 1)]
            if w in ("-r", "--rep"):
                # the representor part names pf<i>: the PF's position in SOFTDPA_DEVICES
                rest = re.sub(r"pf\d+(sf|vf)", lambda m: "pf%dvf" % min(k, len(pcis) - 1), rest)
                if not sep:
                    # a device alone (in MPESW mode the second PF stands for a
                    # representor): the PF's first representor
                    sep, rest = ",", "pf%dvf0" % min(k, len(pcis) - 1)
            out += [w, "pci/" + pci + (sep + rest if sep else "")]
            k += 1
            i += 2
            continue
        out.append(w)
        i += 1
    return out


def refusal(output):
    """softdpa's one-line NOT_SUPPORTED refusal in a sample's output, or None."""
    m = REFUSAL.search(output)
    if m:
        line = m.group(1).strip()
        return line if len(line) <= 240 else line[:237] + "..."
    return None


# ---------------------------------------------------------------- packets

_scapy = None


def scapy():
    global _scapy
    if _scapy is None:
        import logging
        logging.getLogger("scapy.runtime").setLevel(logging.ERROR)
        import scapy.all as s
        s.conf.verb = 0
        # layers the descriptions use that scapy keeps in contrib: MPLS, GENEVE, GTP-U and its
        # PDU session container, RoCE's BTH
        for mod in ("mpls", "geneve", "gtp", "roce"):
            try:
                s.load_contrib(mod)
            except Exception:  # an older scapy without it: the expression then says so
                pass
        # PSP: scapy 2.6 has a PSP layer, Debian's 2.5.0 none; flow_psp_ext builds its frames
        # with PSP(...). Without one, the runner's own definition (psp_layer) stands in.
        if not hasattr(s, "PSP"):
            s.PSP = psp_layer(s)
        _scapy = s
    return _scapy


PSP_UDP_PORT = 1000  # the PSP Architecture Specification's UDP destination port


def psp_layer(s):
    """A scapy Packet class for the PSP header (PSP Architecture Specification, "PSP
    Header Format"), bound to UDP destination port 1000. Its fields, in wire order:
      nexthdr     8  the protocol after the header (IANA protocol number)
      hdrextlen   8  header length in 8-octet units beyond the first 8 octets
      reserved    2, cryptoffset 6 (in 4-octet units: the cleartext after the header)
      sample 1, drop 1, version 4 (0: AES-GCM-128, 1: AES-GCM-256, ...), is_virt 1 (V: a
      virtualization cookie follows the IV), one_bit 1 (always 1)
      spi        32  security parameters index
      iv         64  initialization vector
      virtkey 32, sectoken 32: the 64-bit virtualization cookie's halves, when is_virt
      data           the rest of the header extension: what the frame gives when built;
                     when dissected, what hdrextlen says is left of the header
    The names are those the descriptions' expressions use (scapy 2.6's PSP layer's), the
    bindings too (see below)."""
    F = s  # scapy.all exports the field classes

    class PSP(s.Packet):
        name = "PSP"
        fields_desc = [
            F.ByteField("nexthdr", 0),
            F.ByteField("hdrextlen", 1),
            F.BitField("reserved", 0, 2),
            F.BitField("cryptoffset", 0, 6),
            F.BitField("sample", 0, 1),
            F.BitField("drop", 0, 1),
            F.BitField("version", 0, 4),
            F.BitField("is_virt", 0, 1),
            F.BitField("one_bit", 1, 1),
            F.XIntField("spi", 0),
            F.StrFixedLenField("iv", b"\0" * 8, 8),
            F.ConditionalField(F.XIntField("virtkey", 0), lambda p: p.is_virt == 1),
            F.ConditionalField(F.XIntField("sectoken", 0), lambda p: p.is_virt == 1),
            # header bytes after the first 16 (and the cookie's 8): 8 * hdrextlen - 8 - VC
            F.StrLenField("data", b"", length_from=lambda p: max(
                0, 8 * p.hdrextlen - 8 - (8 if p.is_virt else 0))),
        ]

    # Dissected on either port; UDP()/PSP() gets both ports 1000, as scapy 2.6 builds it
    # (the descriptions' expected frames give only dport and rely on that).
    s.bind_bottom_up(s.UDP, PSP, dport=PSP_UDP_PORT)
    s.bind_bottom_up(s.UDP, PSP, sport=PSP_UDP_PORT)
    s.bind_top_down(s.UDP, PSP, dport=PSP_UDP_PORT, sport=PSP_UDP_PORT)
    return PSP


class FrameError(Exception):
    """A description's scapy expression this scapy cannot build."""


def build_checked(expr):
    """build(), with what went wrong as a FrameError naming the expression."""
    try:
        return build(expr)
    except Exception as e:  # NameError for a layer this scapy lacks, a bad field...
        short = expr if len(expr) <= 60 else expr[:57] + "..."
        raise FrameError("cannot build '%s' with scapy %s: %s" %
                         (short, getattr(scapy(), "conf").version, e)) from None


def build(expr):
    """bytes of a scapy expression from a description. An Ether() without dst gets the
    broadcast address (scapy would otherwise try ARP to resolve it), without src zeros."""
    s = scapy()
    pkt = eval(expr, {k: getattr(s, k) for k in dir(s) if not k.startswith("_")})
    # Every Ethernet header, the inner one of an L2 tunnel too (scapy would otherwise fill
    # an inner dst from this host's routes).
    for i in range(1, 8):
        eth = pkt.getlayer(s.Ether, i)
        if eth is None:
            break
        if eth.fields.get("dst") is None:
            eth.dst = "ff:ff:ff:ff:ff:ff"
        if eth.fields.get("src") is None:
            eth.src = "00:00:00:00:00:00"
    return bytes(pkt)


RATE = re.compile(r"^\s*-\s*(.+?)\s+#\s*rate:\s*(\d+)\s*$")


def packet_rates(text):
    """{expression: N} for the packet lines of a description that end in a '# rate: N'
    comment (YAML drops comments). NVIDIA's flow_sampling gives its one packet '# rate:
    1000' and expects its counters to say 1000 frames arrived: the packet is sent N times."""
    rates = {}
    for line in text.splitlines():
        m = RATE.match(line)
        if m:
            rates[m.group(1)] = int(m.group(2))
    return rates


def summary(frame):
    s = scapy()
    try:
        return s.Ether(frame).summary()
    except Exception:  # noqa: BLE001 - any frame must be printable
        return frame[:32].hex()


# A description whose comment says "the following values are set to zero, as they will be
# computed by the hardware" (outer IP ID, outer UDP source port, outer UDP checksum: an
# encap's entropy port and the like) gives them as 0; the frames are compared with those
# fields zeroed on both sides (and the IPv4 header checksum recomputed).
HW_COMPUTED = "computed by the hardware"


def hw_normalize(frame):
    """The frame with its outer IPv4 identification, UDP source port and UDP checksum 0."""
    f = bytearray(frame)
    off, et = 12, None
    while off + 2 <= len(f):
        et = int.from_bytes(f[off:off + 2], "big")
        if et in (0x8100, 0x88a8):
            off += 4
            continue
        break
    l3 = off + 2
    proto, l4 = None, None
    if et == 0x0800 and len(f) >= l3 + 20:
        ihl = (f[l3] & 0x0f) * 4
        f[l3 + 4:l3 + 6] = b"\0\0"
        f[l3 + 10:l3 + 12] = b"\0\0"
        s = sum(int.from_bytes(f[l3 + i:l3 + i + 2], "big") for i in range(0, ihl, 2))
        while s >> 16:
            s = (s & 0xffff) + (s >> 16)
        f[l3 + 10:l3 + 12] = ((~s) & 0xffff).to_bytes(2, "big")
        proto, l4 = f[l3 + 9], l3 + ihl
    elif et == 0x86dd and len(f) >= l3 + 40:
        proto, l4 = f[l3 + 6], l3 + 40
    if proto == 17 and len(f) >= l4 + 8:
        f[l4:l4 + 2] = b"\0\0"
        f[l4 + 6:l4 + 8] = b"\0\0"
    return bytes(f)


def compare_port(expected, got):
    """Multisets of frames: '' when every expected frame arrived (as often as listed), else
    what is missing and what came instead. Frames beyond the expected ones are not a
    failure: a description lists the frames a port must deliver, not every frame it may
    (NVIDIA's flow_mult_flooding_cases floods 1.2.3.4 to representor 2 and lists only
    1.2.3.5 there; flow_hash_flooding_pipe's own counters show two copies where it lists
    one). extra_frames() names them for the PASS line."""
    e, g = collections.Counter(expected), collections.Counter(got)
    missing = list((e - g).elements())
    extra = list((g - e).elements())
    if not missing:
        return ""
    parts = ["expected %s" % "; ".join(summary(f) for f in missing)]
    if extra:
        parts.append("got %s" % "; ".join(summary(f) for f in extra))
    else:
        parts.append("got %d of %d" % (len(got), len(expected)))
    if len(missing) == 1 and len(extra) == 1:
        m, x = missing[0], extra[0]
        i = next((k for k in range(min(len(m), len(x))) if m[k] != x[k]), min(len(m), len(x)))
        parts.append("first difference at byte %d (expected %s, got %s; %d vs %d bytes)" %
                     (i, m[i:i + 4].hex() or "end", x[i:i + 4].hex() or "end", len(m), len(x)))
    return ", ".join(parts)


def extra_frames(expected, got):
    """Frames a port delivered beyond the expected ones: '' or a short note."""
    extra = list((collections.Counter(got) - collections.Counter(expected)).elements())
    if not extra:
        return ""
    kinds = collections.Counter(summary(f) for f in extra)
    return "%d more than listed (%s)" % (len(extra), "; ".join(
        "%s x%d" % (k, n) if n > 1 else k for k, n in kinds.items()))


def expects_output(st):
    return any(v.get("type") in ("dump", "pattern") for v in st.get("validation") or [])


def expected_counts(st):
    """Frames per forwarding port a stage's packet validations expect."""
    n = collections.Counter()
    for v in st.get("validation") or []:
        if v.get("type") == "packet":
            for ep in v.get("expected_packets") or []:
                n[int(ep.get("forwarding_port", 0))] += len(ep.get("packets") or [])
    return n


def stage_may_start(stages, i, log_path, progress=None):
    """Stage i may be sent: it is the first, or the output the earlier stages expect has
    been printed. When none of them expects output, 'progress' (stage_progress) decides."""
    if i == 0:
        return True
    try:
        with open(log_path, errors="replace") as f:
            output = f.read()
    except OSError:
        return False
    if not all(not check_stage_output(st.get("validation"), output) for st in stages[:i]):
        return False
    if progress is None or any(expects_output(st) for st in stages[:i]):
        return True
    return progress(len(output))


def waits_for_stop(progress, out_len, now=None, quiet=STOP_QUIET):
    """True when the run's expected frames are back and the output has not grown for
    'quiet' seconds: the sample is waiting for a signal to stop."""
    now = time.monotonic() if now is None else now
    if out_len != progress.last_len or progress.since == 0.0:
        progress.last_len, progress.since = out_len, now
    back = all(len(progress.wires.got.get(p, [])) >= n for p, n in progress.want.items())
    return back and now - progress.since >= quiet


class StageProgress:
    """For a stage after packet-only stages: the earlier stages' frames are back, and the
    sample's output grew after the last stage was sent and has not changed for quiet s."""

    def __init__(self, wires, quiet=STAGE_QUIET):
        self.wires, self.quiet = wires, quiet
        self.sent_at_len, self.want, self.last_len, self.since = 0, collections.Counter(), 0, 0.0

    def sent(self, stage, out_len):
        self.sent_at_len = out_len
        self.want += expected_counts(stage)

    def __call__(self, out_len, now=None):
        now = time.monotonic() if now is None else now
        if out_len != self.last_len:
            self.last_len, self.since = out_len, now
        back = all(len(self.wires.got.get(p, [])) >= n for p, n in self.want.items())
        return back and out_len > self.sent_at_len and now - self.since >= self.quiet


def check_stage_output(validation, output):
    """dump and pattern validations against the sample's output: list of problems."""
    problems = []
    for v in validation or []:
        if v.get("type") == "dump":
            for line in v.get("expected_text") or []:
                if str(line) not in output:
                    problems.append("output lacks '%s'" % line)
        elif v.get("type") == "pattern":
            pats = v.get("expected_pattern") or v.get("pattern") or []
            if isinstance(pats, str):
                pats = [pats]
            for p in pats:
                if not re.search(str(p), output, re.MULTILINE):
                    problems.append("output does not match /%s/" % p)
    return problems


# ---------------------------------------------------------------- running

class Ports:
    """The runner's ends of the unix wires."""

    def __init__(self, paths):
        self.socks = {}
        self.got = collections.defaultdict(list)
        self.stage_of = collections.defaultdict(list)  # per frame: the stage last sent
        self.stage = 0
        self.errors = []
        for port, path in paths.items():
            s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            try:
                s.connect(path)
            except OSError:  # a port the sample never started
                s.close()
                continue
            self.socks[port] = s

    def send(self, port, frame):
        """Send one frame; a port that is gone (the sample exited) is noted, not fatal."""
        try:
            self.socks[port].send(frame)
        except (OSError, KeyError) as e:
            self.errors.append("port %d: sending failed (%s)" % (port, e))

    def poll(self, timeout):
        """Read whatever arrived; False once every port hung up."""
        live = [s for s in self.socks.values() if s.fileno() >= 0]
        if not live:
            return False
        r, _, _ = select.select(live, [], [], timeout)
        for s in r:
            port = next(p for p, x in self.socks.items() if x is s)
            try:
                data = s.recv(FRAME_MAX + 1)
            except OSError:
                data = b""
            if data:
                self.got[port].append(data)
                self.stage_of[port].append(self.stage)
            else:
                s.close()
        return True

    def close(self):
        for s in self.socks.values():
            s.close()


def wait_ready(ready_file, ports, proc, deadline):
    want = set("ready port=%d" % p for p in ports)
    while time.monotonic() < deadline:
        try:
            with open(ready_file) as f:
                have = set(line.strip() for line in f)
        except FileNotFoundError:
            have = set()
        if want <= have:
            return True
        if proc.poll() is not None:
            return False
        time.sleep(0.01)  # polling the signal, not waiting for the sample
    return False


def run_use_case(name, binary, desc, uc, prefix, keep, timeout=RUN_TIMEOUT):
    """One use case: ('PASS'|'FAIL'|'SKIP', detail)."""
    ports = ports_description(desc)
    spec, pcis = devices_for(ports, fw_settings(desc))
    words = map_args(command_line(desc, uc), pcis) + shlex.split(str(uc.get("args") or ""))
    tmp = tempfile.mkdtemp(prefix="sdpa-st-")
    env = dict(os.environ)
    env["SOFTDPA_DEVICES"] = spec
    env.setdefault("SOFTDPA_NIC_WORKERS", "1")
    env["SOFTDPA_READY_FILE"] = os.path.join(tmp, "ready")
    if prefix:
        lib = os.path.join(prefix, "lib")
        env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"]
                                        if env.get("LD_LIBRARY_PATH") else "")
    paths = {}
    for p in sorted(ports):
        paths[p] = os.path.join(tmp, "p%d" % p)
        env["SOFTDPA_PORT%d" % p] = "unix:" + paths[p]
    log_path = os.path.join(tmp, "output.txt")
    stages = uc.get("stages") or []
    receiving = sorted({int(ps.get("receiving_port", 0)) for st in stages
                        for ps in (st.get("packets_to_send") or [])})
    # The frames are built before the sample starts: importing scapy takes a second or two
    # on a loaded machine, and a sample waits only so long for its traffic.
    # A frame this scapy cannot build does not stop the run: the sample may refuse first
    # (a SKIP); otherwise the use case FAILs saying which expression.
    # One list of frames per stage. A stage after the first is sent once the output the
    # stages before it expect (their dump and pattern validations) has been printed: a
    # sample with several stages (flow_aging) waits for its second batch only after it
    # printed the first one's results.
    # A packet whose line ends in "# rate: N" is sent N times (packet_rates).
    sends, frame_errors = [], []
    rates = desc.get("_rates") or {}
    for st in stages:
        sends.append([])
        for ps in st.get("packets_to_send") or []:
            for expr in ps.get("packets") or []:
                try:
                    f = build_checked(str(expr))
                except FrameError as e:
                    frame_errors.append(str(e))
                    continue
                sends[-1] += [(int(ps.get("receiving_port", 0)), f)] * rates.get(str(expr), 1)
    with open(log_path, "w") as log:
        proc = subprocess.Popen([binary] + words, stdout=log, stderr=subprocess.STDOUT,
                                env=env, cwd=tmp)
    start = time.monotonic()
    wires = None
    try:
        ok = wait_ready(env["SOFTDPA_READY_FILE"], receiving, proc,
                        start + min(READY_TIMEOUT, timeout))
        pending = list(range(len(sends))) if ok else []
        progress = None
        if ok:
            wires = Ports(paths)
            progress = StageProgress(wires)
        interrupted = False
        while proc.poll() is None and time.monotonic() < start + timeout:
            if (not pending and progress is not None and not interrupted and
                    waits_for_stop(progress, os.path.getsize(log_path))):
                proc.send_signal(signal.SIGINT)  # as a user ends it: Ctrl-C
                interrupted = True
                continue
            if pending and stage_may_start(stages, pending[0], log_path, progress):
                i = pending.pop(0)
                wires.stage = i
                progress.sent(stages[i], os.path.getsize(log_path))
                for port, frame in sends[i]:
                    wires.send(port, frame)
                continue
            if wires is None or not wires.poll(0.05):
                time.sleep(0.05)
        timed_out = proc.poll() is None
        if timed_out:
            proc.kill()
        proc.wait()
        if wires is not None:
            while wires.poll(0):
                pass
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if wires is not None:
            wires.close()
    with open(log_path, errors="replace") as f:
        output = f.read()
    why = refusal(output)

    problems, notes = [], []
    if not ok:
        if why:
            return "SKIP", why
        problems.append("ports %s never reported ready (exit status %s)" %
                        (receiving, proc.returncode))
    else:
        problems += frame_errors
        problems += wires.errors
        # Several stages checking packets: each against the frames that came while it was
        # the last one sent; otherwise every frame of the run.
        per_stage = sum(1 for st in stages if expected_counts(st)) > 1
        for si, st in enumerate(stages):
            for v in st.get("validation") or []:
                if v.get("type") != "packet":
                    continue
                for ep in v.get("expected_packets") or []:
                    port = int(ep.get("forwarding_port", 0))
                    try:
                        exp = [build_checked(str(e)) for e in (ep.get("packets") or [])]
                    except FrameError as e:
                        problems.append("port %d: %s" % (port, e))
                        frame_errors.append(str(e))
                        continue
                    got = wires.got.get(port, [])
                    if per_stage:
                        got = [f for f, k in zip(got, wires.stage_of.get(port, [])) if k == si]
                    if desc.get("_hw_computed"):
                        exp = [hw_normalize(x) for x in exp]
                        got = [hw_normalize(x) for x in got]
                    d = compare_port(exp, got)
                    if d:
                        problems.append("port %d: %s" % (port, d))
                    x = extra_frames(exp, got)
                    if x:
                        notes.append("port %d: %s" % (port, x))
            problems += check_stage_output(st.get("validation"), output)
        if timed_out:
            problems.append("did not exit within %.0f s; last printed: %s" %
                            (timeout, last_line(output)))
        elif proc.returncode != 0:
            problems.append("exit status %d" % proc.returncode)
        # Frames this scapy cannot build (Debian's 2.5.0 has no PSP layer): when the sample
        # itself ran clean, the use case cannot be checked here, which is a SKIP, not a FAIL.
        if frame_errors and not why and not timed_out and proc.returncode == 0:
            return verdict([], "not checked: " + frame_errors[0], keep, tmp, log_path)
    res = verdict(problems, why, keep, tmp, log_path)
    if res[0] == "PASS" and notes:
        return "PASS", "also delivered: " + "; ".join(notes)
    return res


def verdict(problems, why, keep, tmp, shown):
    """A run's line: SKIP when it did not pass and softdpa refused something (why), FAIL
    with its problems and 'shown' (the output kept for the reader), else PASS (the run's
    directory removed unless kept)."""
    if problems and why:
        return "SKIP", why
    if why and why.startswith("not checked: "):
        verdict([], None, keep, tmp, shown)  # the directory goes as for a PASS
        return "SKIP", why
    if problems:
        if not keep:
            problems.append("output: %s" % shown)
        return "FAIL", "; ".join(problems)
    if not keep:
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)
    return "PASS", ""


def known_verdict(label, res, why, known=None):
    """A listed use case's FAIL is KNOWN (with the list's reason); its PASS is a FAIL."""
    known = KNOWN if known is None else known
    if label not in known:
        return res, why
    if res == "FAIL":
        return "KNOWN", "%s [known: %s]" % (why, known[label])
    if res == "PASS":
        return "FAIL", ("passes now but is listed as a known failure: remove it from KNOWN "
                        "in tools/samples_test.py")
    return res, why


def last_line(output):
    """What a sample printed last (a hang's diagnosis), shortened to one line."""
    lines = [ln.strip() for ln in output.splitlines() if ln.strip()]
    if not lines:
        return "nothing"
    line = lines[-1]
    return "'%s'" % (line if len(line) <= 200 else line[:197] + "...")


def tcp_listening(port):
    """True when some local TCP socket (IPv4 or IPv6) listens on 'port' (/proc/net/tcp*):
    a readiness signal that does not take the listener's one accept."""
    for f in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(f) as fh:
                next(fh, None)
                for line in fh:
                    w = line.split()
                    if len(w) > 3 and w[3] == "0A" and w[1].endswith(":%04X" % port):
                        return True
        except OSError:
            continue
    return False


def run_dpa(name, binary, prefix, keep, timeout=RUN_TIMEOUT, commands=None, listen=None,
            fidelity=None):
    """A DPA sample on the default devices with its default command line, in fidelity mode
    'fidelity' (None: SOFTDPA_FIDELITY unset): ('PASS'|'FAIL'|'SKIP', detail). Every process
    must exit 0 and print DPA_SUCCESS; a hang is killed at the timeout and reported with what
    was printed last. With 'listen' (a TCP port), the processes after the first start once
    it listens, and no other run listening on that port runs meanwhile."""
    if listen is None:
        listen = DPA_LISTEN.get(name)
    if listen:
        with DPA_PORT_LOCKS[listen]:
            return run_dpa_locked(name, binary, prefix, keep, timeout, commands, listen,
                                  fidelity)
    return run_dpa_locked(name, binary, prefix, keep, timeout, commands, listen, fidelity)


def run_dpa_locked(name, binary, prefix, keep, timeout, commands, listen, fidelity):
    commands = commands or DPA_COMMANDS.get(name) or [[]]
    tmp = tempfile.mkdtemp(prefix="sdpa-st-")
    env = dict(os.environ)
    env.pop("SOFTDPA_DEVICES", None)  # the default devices, as the issue asks
    env.pop("SOFTDPA_FIDELITY", None)
    env.pop("SOFTDPA_WINDOW", None)  # its first name
    if fidelity:
        env["SOFTDPA_FIDELITY"] = fidelity
    if prefix:
        lib = os.path.join(prefix, "lib")
        env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"]
                                        if env.get("LD_LIBRARY_PATH") else "")
    procs = []
    start = time.monotonic()
    try:
        for i, args in enumerate(commands):
            if i == 1 and listen:
                while procs[0][0].poll() is None and not tcp_listening(listen) and \
                        time.monotonic() < start + timeout:
                    time.sleep(0.02)  # polling the signal, not waiting for the sample
            path = os.path.join(tmp, "output.txt" if i == 0 else "output%d.txt" % i)
            with open(path, "w") as log:
                p = subprocess.Popen([binary] + list(args), stdout=log,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     env=env, cwd=tmp, start_new_session=True)
            procs.append((p, path, args))
        while any(p.poll() is None for p, _, _ in procs) and \
                time.monotonic() < start + timeout:
            time.sleep(0.05)
    finally:
        hung = []
        for p, _, _ in procs:
            if p.poll() is None:
                hung.append(p)
                try:
                    os.killpg(p.pid, 9)
                except OSError:
                    p.kill()
            p.wait()
    problems, why = [], None
    for p, path, args in procs:
        with open(path, errors="replace") as f:
            output = f.read()
        who = " ".join(args) if len(procs) > 1 else ""
        who = "'%s': " % who if who else ""
        why = why or refusal(output)
        if p in hung:
            problems.append("%sdid not exit within %.0f s; last printed: %s" %
                            (who, timeout, last_line(output)))
        elif p.returncode != 0:
            problems.append("%sexit status %d; last printed: %s" %
                            (who, p.returncode, last_line(output)))
        elif DPA_SUCCESS not in output:
            problems.append("%soutput lacks '%s'; last printed: %s" %
                            (who, DPA_SUCCESS, last_line(output)))
    return verdict(problems, why, keep, tmp, tmp)


def mpirun_command(np_):
    """mpirun for np_ ranks on this machine, and the environment Open MPI needs for it: as
    root it refuses to run without OMPI_ALLOW_RUN_AS_ROOT(_CONFIRM); --oversubscribe lets
    more ranks than cores run (each rank mostly waits)."""
    env = {}
    if os.geteuid() == 0:
        env["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
        env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
    return ["mpirun", "--oversubscribe", "-np", str(np_)], env


def a2a_matrices(output):
    """The send and receive matrices dpa_all_to_all's rank 0 prints ('Rank i |v v v|' rows
    under '---send buffs---' and '---recv buffs---'), as two lists of int rows, or None."""
    mats, cur = {}, None
    for line in output.splitlines():
        if "send buffs" in line:
            cur = mats.setdefault("send", [])
        elif "recv buffs" in line:
            cur = mats.setdefault("recv", [])
        elif cur is not None:
            m = re.match(r"\s*Rank\s+(\d+)\s*\|([-\d\s]*)\|", line)
            if m and int(m.group(1)) == len(cur):
                cur.append([int(v) for v in m.group(2).split()])
            else:
                cur = None
    if "send" not in mats or "recv" not in mats:
        return None
    return mats["send"], mats["recv"]


def a2a_check(output, np_):
    """None when the printed result is the all-to-all of the printed send buffers, else
    what differs: np_ rows each way, every row np_ blocks, and recv[r] block j equal to
    send[j] block r."""
    mats = a2a_matrices(output)
    if mats is None:
        return "no send and receive buffers printed"
    send, recv = mats
    if len(send) != np_ or len(recv) != np_:
        return "%d send and %d receive rows printed, not %d" % (len(send), len(recv), np_)
    width = len(send[0])
    if width == 0 or width % np_ or any(len(r) != width for r in send + recv):
        return "rows of unequal length or not %d blocks" % np_
    c = width // np_
    for r in range(np_):
        for j in range(np_):
            if recv[r][j * c:(j + 1) * c] != send[j][r * c:(r + 1) * c]:
                return ("rank %d's block %d is %s, rank %d sent it %s" %
                        (r, j, recv[r][j * c:(j + 1) * c], j, send[j][r * c:(r + 1) * c]))
    return None


def roce_capture_check(files):
    """None when the pcap files hold at least one frame and every frame is
    Ethernet/IPv4/UDP(4791)/BTH with the ICRC scapy computes for it; else the problem."""
    s = scapy()
    from scapy.contrib.roce import BTH
    frames = 0
    for f in files:
        for i, pkt in enumerate(s.rdpcap(f)):
            frames += 1
            if not (pkt.haslayer(s.UDP) and pkt[s.UDP].dport == 4791 and pkt.haslayer(BTH)):
                return "%s frame %d is not IPv4/UDP(4791)/BTH" % (os.path.basename(f), i + 1)
            if pkt[BTH].compute_icrc(b"") != s.raw(pkt)[-4:]:
                return "%s frame %d (PSN %d) has a bad ICRC" % (os.path.basename(f), i + 1,
                                                                pkt[BTH].psn)
    return None if frames else "no RoCEv2 frame captured (SOFTDPA_RDMA_PCAP)"


def run_mpi(name, binary, prefix, keep, np_, fidelity=None, timeout=RUN_TIMEOUT):
    """An MPI application under mpirun -np np_ on the default devices (SOFTDPA_FIDELITY
    'fidelity' when given): ('PASS'|'FAIL'|'SKIP', detail). mpirun must exit 0, the printed
    result match a2a_check and the RDMA capture of every rank pass roce_capture_check."""
    tmp = tempfile.mkdtemp(prefix="sdpa-st-")
    cmd, extra = mpirun_command(np_)
    env = dict(os.environ)
    env.pop("SOFTDPA_DEVICES", None)  # each rank: the default devices
    env.update(extra)
    env["SOFTDPA_RDMA_PCAP"] = os.path.join(tmp, "rdma-%p.pcap")  # one per rank
    if fidelity:
        env["SOFTDPA_FIDELITY"] = fidelity
    if prefix:
        lib = os.path.join(prefix, "lib")
        env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"]
                                        if env.get("LD_LIBRARY_PATH") else "")
    path = os.path.join(tmp, "output.txt")
    problems = []
    with open(path, "w") as log:
        try:
            p = subprocess.Popen(cmd + [binary], stdout=log, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL, env=env, cwd=tmp,
                                 start_new_session=True)
        except OSError as e:
            return "FAIL", "cannot start mpirun (install Open MPI: scripts/deps.sh): %s" % e
        try:
            p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, 9)
            except OSError:
                p.kill()
            p.wait()
            problems.append("did not exit within %.0f s" % timeout)
    with open(path, errors="replace") as f:
        output = f.read()
    why = refusal(output)
    if not problems and p.returncode != 0:
        problems.append("mpirun exit status %d" % p.returncode)
    if not problems:
        bad = a2a_check(output, np_)
        if bad:
            problems.append("result differs from the host reference: " + bad)
    if not problems:
        bad = roce_capture_check(sorted(os.path.join(tmp, f) for f in os.listdir(tmp)
                                        if f.startswith("rdma-") and f.endswith(".pcap")))
        if bad:
            problems.append("RoCEv2 capture: " + bad)
    if problems:
        problems[-1] += "; last printed: " + last_line(output)
    return verdict(problems, why, keep, tmp, path)


def find_samples(root):
    """name -> yaml path, for every <name>/<name>_sample.yaml under samples/, None for
    a DPA sample without one (samples/doca_dpa/<name> with a meson.build.public), MPI_APP for
    an application of MPI_APPS (applications/<name> with a meson.build.public)."""
    out = {}
    for sub in ("samples/doca_flow", "samples/doca_dpa"):
        d = os.path.join(root, sub)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            y = os.path.join(d, name, name + "_sample.yaml")
            if os.path.isfile(y):
                out[name] = y
            elif sub.endswith("doca_dpa") and \
                    os.path.isfile(os.path.join(d, name, "meson.build.public")):
                out[name] = None
    d = os.path.join(root, "applications")
    for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if name in MPI_APPS and os.path.isfile(os.path.join(d, name, "meson.build.public")):
            out[name] = MPI_APP
    return out


def conformance_script():
    for p in (os.path.join(HERE, "conformance.sh"),
              os.path.join(HERE, "..", "scripts", "conformance.sh")):
        if os.path.isfile(p):
            return os.path.abspath(p)
    return None


def main(argv):
    ap = argparse.ArgumentParser(prog="softdpa samples test",
                                 description="Run DOCA samples on softdpa against their yaml.")
    ap.add_argument("samples_dir", nargs="?")
    ap.add_argument("samples", nargs="*")
    ap.add_argument("--prefix", help="where softdpa is installed (default: this tool's "
                    "install prefix)")
    ap.add_argument("--work", default="build-samples-test",
                    help="scratch tree and builds (default: ./build-samples-test)")
    ap.add_argument("--bin-dir", help="take doca_<sample> (or <sample>/doca_<sample>, as "
                    "make conformance leaves them) from here instead of building")
    ap.add_argument("-j", "--jobs", type=int, default=1,
                    help="use cases run at once (each has its own devices and wires; the "
                    "samples mostly sleep waiting for traffic); default 1")
    ap.add_argument("--keep", action="store_true", help="keep each run's directory")
    ap.add_argument("--timeout", type=float, default=RUN_TIMEOUT,
                    help="seconds a sample may run before it is killed and FAILs "
                    "(default: %.0f)" % RUN_TIMEOUT)
    ap.add_argument("--self-test", action="store_true", help="run the runner's own tests")
    a = ap.parse_args(argv)
    if a.self_test:
        return self_test()
    if not a.samples_dir:
        ap.print_usage(sys.stderr)
        return 2
    prefix = a.prefix
    if prefix is None and os.path.basename(os.path.dirname(HERE)) == "libexec":
        prefix = os.path.dirname(os.path.dirname(HERE))
    found = find_samples(a.samples_dir)
    names = a.samples or list(found)
    unknown = [n for n in names if n not in found]
    if unknown:
        print("samples test: no %s in %s (a sample needs <name>/<name>_sample.yaml, or "
              "samples/doca_dpa/<name>/meson.build.public, or applications/<name>/"
              "meson.build.public for an MPI application)" %
              (", ".join(unknown), a.samples_dir), file=sys.stderr)
        return 2

    bins, build_fail = {}, {}
    if a.bin_dir:
        a.bin_dir = os.path.abspath(a.bin_dir)  # each sample runs in its own directory
        for n in names:
            flat = os.path.join(a.bin_dir, "doca_" + n)
            nested = os.path.join(a.bin_dir, n, "doca_" + n)
            bins[n] = nested if not os.path.exists(flat) and os.path.exists(nested) else flat
    else:
        script = conformance_script()
        if script is None or prefix is None:
            print("samples test: need --prefix (an installed softdpa) and conformance.sh",
                  file=sys.stderr)
            return 2
        work = os.path.abspath(a.work)
        r = subprocess.run(["bash", script, "-s", a.samples_dir, "-p", prefix, "-w", work]
                           + names, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        for line in r.stdout.splitlines():
            m = re.match(r"FAIL (\S+): (.*)", line)
            if m:
                build_fail[m.group(1)] = m.group(2)
            elif line.startswith("conformance: softdpa is not installed") or \
                    line.startswith("conformance: no samples"):
                print("samples test: " + line, file=sys.stderr)
                return 2
        for n in names:
            bins[n] = os.path.join(work, "build", n, "doca_" + n)

    import yaml
    # (label, function) per use case, in order; run a.jobs at a time, printed in order
    tasks = []
    for n in names:
        if found[n] == MPI_APP:  # one run per process count
            for np_, mode in MPI_APPS[n]:
                label = "%s np%d%s" % (n, np_, " " + mode if mode else "")
                if n in build_fail:
                    tasks.append((label, lambda n=n: ("FAIL", "build: " + build_fail[n])))
                else:
                    tasks.append((label, lambda n=n, np_=np_, mode=mode: run_mpi(
                        n, bins[n], prefix, a.keep, np_, mode, a.timeout)))
            continue
        if found[n] is None:  # a DPA sample: no description, one run per fidelity mode
            for mode in DPA_MODES:
                label = "%s %s" % (n, mode or "default")
                if n in build_fail:
                    tasks.append((label, lambda n=n: ("FAIL", "build: " + build_fail[n])))
                else:
                    tasks.append((label, lambda n=n, mode=mode: run_dpa(
                        n, bins[n], prefix, a.keep, a.timeout, fidelity=mode)))
            continue
        with open(found[n]) as f:
            text = f.read()
        desc = yaml.safe_load(text)
        desc["_hw_computed"] = HW_COMPUTED in text
        desc["_rates"] = packet_rates(text)
        for uc in desc.get("use_cases") or []:
            label = "%s %s" % (n, uc.get("name", "?"))
            if n in build_fail:
                tasks.append((label, lambda n=n: ("FAIL", "build: " + build_fail[n])))
            else:
                tasks.append((label, lambda n=n, uc=uc, desc=desc: run_use_case(
                    n, bins[n], desc, uc, prefix, a.keep, a.timeout)))
    counts = collections.Counter()
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        futures = [(label, pool.submit(fn)) for label, fn in tasks]
        for label, fut in futures:
            try:
                res, why = fut.result()
            except Exception as e:  # the runner's own failure on one use case
                res, why = "FAIL", "runner error: %s: %s" % (type(e).__name__, e)
            res, why = known_verdict(label, res, why)
            counts[res] += 1
            print("%s %s%s" % (res, label, ": " + why if why else ""), flush=True)
    line = "%d passed, %d failed, %d skipped" % (counts["PASS"], counts["FAIL"], counts["SKIP"])
    if counts["KNOWN"]:
        line += ", %d known failures (tools/samples_test.py KNOWN)" % counts["KNOWN"]
    print(line)
    return 1 if counts["FAIL"] else 0


# ---------------------------------------------------------------- self test

def self_test():
    import unittest

    class T(unittest.TestCase):
        def test_ports_and_devices(self):
            d = {"number_of_ports": 2, "ports_description": {"port_0": "doca_dev",
                                                              "port_1": "doca_dev"}}
            self.assertEqual(devices_for(ports_description(d)),
                             ("reps=0;reps=0", ["0000:03:00.0", "0000:04:00.0"]))
            d = {"number_of_ports": 3, "ports_decription": {"port_0": "doca_dev",
                                                             "port_1": "doca_rep_dev",
                                                             "port_2": "doca_rep_dev"}}
            self.assertEqual(devices_for(ports_description(d)), ("reps=2", ["0000:03:00.0"]))

        def test_fw_config(self):
            d = {"fw_config": {"FLEX_PARSER_PROFILE": [4], "PROG_PARSE_GRAPH": [1],
                               "REAL_TIME_CLOCK_ENABLE": True, "SOMETHING_ELSE": [3]}}
            fw = fw_settings(d)
            self.assertEqual(fw, ",flex_parser_profile=4,prog_parse_graph=1,"
                                 "real_time_clock_enable=1")
            ports = ports_description({"number_of_ports": 2})
            self.assertEqual(devices_for(ports, fw)[0],
                             "reps=1" + fw)
            self.assertEqual(fw_settings({}), "")

        def test_switch_topology(self):
            # flow_switch: two switches, each a PF with two representors
            d = {"number_of_ports": 6, "mode_args": ["switch"], "ports_description": {
                "port_0": "doca_dev", "port_1": "doca_rep_dev", "port_2": "doca_rep_dev",
                "port_3": "doca_dev", "port_4": "doca_rep_dev", "port_5": "doca_rep_dev"}}
            spec, pcis = devices_for(ports_description(d))
            self.assertEqual(spec, "reps=2;reps=2")
            self.assertEqual(pcis, ["0000:03:00.0", "0000:04:00.0"])
            w = map_args(["--", "-l", "60", "-r", "pci/08:00.0,pf0sf[0-1]",
                          "-r", "pci/08:00.1,pf1sf[0-1]"], pcis)
            self.assertEqual(w, ["--", "-l", "60", "-r", "pci/0000:03:00.0,pf0vf[0-1]",
                                 "-r", "pci/0000:04:00.0,pf1vf[0-1]"])
            # flow_switch_rss: -a then -r of the same PF
            w = map_args(["-a", "pci/08:00.0", "-r", "pci/08:00.0,pf0vf[0-1]"],
                         ["0000:03:00.0"])
            self.assertEqual(w, ["-a", "pci/0000:03:00.0", "-r",
                                 "pci/0000:03:00.0,pf0vf[0-1]"])

        def test_command_line(self):
            d = {"description": "Blah.\n   Sample Command Line: ./build/doca_flow_drop -- "
                                "-a aux/2,dv_flow_en=2 -a aux/3,dv_flow_en=2 -l 60"}
            w = map_args(command_line(d), ["0000:03:00.0", "0000:04:00.0"])
            self.assertEqual(w, ["--", "-a", "pci/0000:03:00.0,dv_flow_en=2",
                                 "-a", "pci/0000:04:00.0,dv_flow_en=2", "-l", "60"])
            w = map_args(["--", "-r", "pci/08:00.0,pf0sf[0-1]", "-l", "60"], ["0000:03:00.0"])
            self.assertEqual(w, ["--", "-r", "pci/0000:03:00.0,pf0vf[0-1]", "-l", "60"])
            self.assertEqual(command_line({"description": "none"}), ["--"])
            d = {"description": "Sample Command Line: ./build/doca_flow_x -- -l 60 -r "
                                "pci/08:00.1 ( = in mpesw mode use second pf as representor)"}
            self.assertEqual(command_line(d), ["--", "-l", "60", "-r", "pci/08:00.1"])
            self.assertEqual(map_args(["--", "-r", "pci/08:00.1"], ["0000:03:00.0"]),
                             ["--", "-r", "pci/0000:03:00.0,pf0vf0"])
            uc = {"description": "ACL. Sample Command Line: ./build/doca_flow_acl -- -a aux/2 -l 60"}
            self.assertEqual(command_line({}, uc), ["--", "-a", "aux/2", "-l", "60"])

        def test_stage_progress(self):
            class W:
                got = {1: [b"a"]}
            st = {"validation": [{"type": "packet", "expected_packets": [
                {"forwarding_port": 1, "packets": ["x", "y"]}]}]}
            self.assertEqual(expected_counts(st), collections.Counter({1: 2}))
            self.assertFalse(expects_output(st))
            self.assertTrue(expects_output({"validation": [{"type": "dump"}]}))
            p = StageProgress(W(), quiet=1.0)
            p.sent(st, 100)
            self.assertFalse(p(100, now=10.0))  # one of two frames back, no new output
            W.got = {1: [b"a", b"b"]}
            self.assertFalse(p(100, now=11.0))  # frames back, but no new output
            self.assertFalse(p(150, now=12.0))  # new output, not quiet yet
            self.assertFalse(p(150, now=12.5))
            self.assertTrue(p(150, now=13.0))   # quiet for 1 s

        def test_refusal(self):
            out = ("[x][DOCA][ERR][flow_unsupported.c:99][f] doca_flow_get_target is not "
                   "supported by softdpa (there is no kernel)\nFailed\n")
            self.assertEqual(refusal(out), "doca_flow_get_target is not supported by "
                                           "softdpa (there is no kernel)")
            self.assertIsNone(refusal("all fine\n"))
            out = ("[1][SOFTDPA][ERR][flow_pipe.c:711][doca_flow_pipe_create] "
                   "doca_flow_pipe_create: pipe 'LPM_PIPE' of type LPM is not supported by "
                   "softdpa; use BASIC\n")
            self.assertEqual(refusal(out), "doca_flow_pipe_create: pipe 'LPM_PIPE' of type "
                                           "LPM is not supported by softdpa; use BASIC")
            out = ("[2][SOFTDPA][ERR][flow_entry.c:672][doca_flow_pipe_control_add_entry] "
                   "doca_flow_pipe_control_add_entry: match conditions are not supported by "
                   "softdpa; pass condition NULL\n")
            self.assertEqual(refusal(out), "doca_flow_pipe_control_add_entry: match "
                                           "conditions are not supported by softdpa; pass "
                                           "condition NULL")
            self.assertIsNone(refusal("[3][DOCA][ERR][x.c:1][f] what is not supported by "
                                      "the NIC\n"))

        def test_contrib_layers_and_frame_errors(self):
            # GENEVE, MPLS, GTP-U and BTH come from scapy's contrib modules
            f = build("Ether()/IP()/UDP(dport=6081)/GENEVE(vni=5)/Raw(load=b'x')")
            self.assertEqual(len(f), 14 + 20 + 8 + 8 + 1)
            self.assertEqual(build("Ether()/MPLS(label=3)/IP()")[12:14], b"\x88\x47")
            with self.assertRaises(FrameError) as cm:
                build_checked("Ether()/NoSuchLayer(x=1)")
            self.assertIn("cannot build 'Ether()/NoSuchLayer(x=1)'", str(cm.exception))
            self.assertIn("NoSuchLayer", str(cm.exception))

        def test_psp_layer(self):
            # flow_psp_ext's frame: the PSP header after UDP 1000, field by field
            f = build("Ether()/IP()/UDP(dport=1000)/PSP(hdrextlen=4, cryptoffset=6, "
                      "version=0, is_virt=1, one_bit=1, spi=0xBEAFC0DE, sectoken=0x12345678, "
                      "data=bytes.fromhex('123456781234567812345678'))/Raw(load=b'pay')")
            psp = f[14 + 20 + 8:]
            self.assertEqual(f[34:38], b"\x03\xe8\x03\xe8")  # UDP ports 1000 -> 1000
            self.assertEqual(psp[:4], b"\x00\x04\x06\x03")  # next, extlen, off 6, V=1 and 1
            self.assertEqual(psp[4:8], b"\xbe\xaf\xc0\xde")  # SPI
            self.assertEqual(psp[8:16], b"\0" * 8)  # IV
            self.assertEqual(psp[16:24], b"\0\0\0\0\x12\x34\x56\x78")  # cookie
            self.assertEqual(psp[24:], bytes.fromhex("123456781234567812345678") + b"pay")
            # no cookie without V; UDP()/PSP() takes port 1000 from the binding
            g = build("Ether()/IP()/UDP()/PSP(spi=1, version=1)")
            self.assertEqual(g[36:38], b"\x03\xe8")
            self.assertEqual(g[42:], b"\x00\x01\x00\x05\x00\x00\x00\x01" + b"\0" * 8)
            # dissected from UDP 1000 (a source port other layers do not claim): hdrextlen 4
            # says 40 header bytes, so 16 after the cookie
            s = scapy()
            f = build("Ether()/IP()/UDP(sport=4000, dport=1000)/PSP(hdrextlen=4, is_virt=1, "
                      "spi=0xBEAFC0DE, sectoken=0x12345678, data=b'd' * 12)/Raw(load=b'payload')")
            d = s.Ether(f)[s.PSP]
            self.assertEqual((d.spi, d.sectoken, d.is_virt), (0xBEAFC0DE, 0x12345678, 1))
            self.assertEqual((d.data, bytes(d.payload)), (b"d" * 12 + b"payl", b"oad"))

        def test_packet_rates(self):
            text = ("        packets:\n"
                    "          - Ether()/IP()/TCP() # rate: 1000\n"
                    "          - Ether()/IP()/UDP()\n"
                    "          - Ether()/IP(dst='1.1.1.1')/Raw(load=b'# x')   #rate:3\n")
            r = packet_rates(text)
            self.assertEqual(r, {"Ether()/IP()/TCP()": 1000,
                                 "Ether()/IP(dst='1.1.1.1')/Raw(load=b'# x')": 3})
            import yaml
            d = yaml.safe_load(text.replace("        packets:", "packets:").replace(
                "          -", "  -"))
            self.assertEqual([r.get(e, 1) for e in d["packets"]], [1000, 1, 3])

        def test_known_failures(self):
            k = {"s u": "why"}
            self.assertEqual(known_verdict("s u", "FAIL", "x", k), ("KNOWN", "x [known: why]"))
            self.assertEqual(known_verdict("s u", "PASS", "", k)[0], "FAIL")
            self.assertEqual(known_verdict("s u", "SKIP", "r", k), ("SKIP", "r"))
            self.assertEqual(known_verdict("t u", "FAIL", "x", k), ("FAIL", "x"))

        def test_waits_for_stop(self):
            class W:
                got = {1: [b"x"]}
            p = StageProgress(W())
            p.want = collections.Counter({1: 1})
            self.assertFalse(waits_for_stop(p, 10, now=100.0))
            self.assertFalse(waits_for_stop(p, 10, now=129.0))
            self.assertTrue(waits_for_stop(p, 10, now=130.0))
            self.assertFalse(waits_for_stop(p, 11, now=131.0))  # it printed: wait again
            p.want = collections.Counter({1: 2})
            self.assertFalse(waits_for_stop(p, 11, now=200.0))  # a frame is not back

        def test_multisets(self):
            a = build("Ether()/IP(src='1.1.1.1')/TCP()/Raw(load=b'x')")
            b = build("Ether()/IP(src='2.2.2.2')/UDP()")
            self.assertEqual(a, build("Ether()/IP(src='1.1.1.1')/TCP()/Raw(load=b'x')"))
            self.assertEqual(a[:6], b"\xff" * 6)  # no ARP: broadcast dst
            self.assertEqual(compare_port([a, b, a], [a, a, b]), "")
            d = compare_port([a, a], [a])
            self.assertIn("expected Ether / IP / TCP 1.1.1.1", d)
            self.assertIn("got 1 of 2", d)
            self.assertEqual(compare_port([a], [a, b]), "")  # more than listed: not a failure
            x = extra_frames([a], [a, b, b])
            self.assertTrue(x.startswith("2 more than listed (Ether / IP / UDP 2.2.2.2"), x)
            self.assertTrue(x.endswith(" x2)"), x)
            self.assertEqual(extra_frames([a, b], [b, a]), "")
            d = compare_port([a, a], [a, b])
            self.assertIn("got Ether / IP / UDP 2.2.2.2", d)
            self.assertIn("expected", compare_port([a], []))

        def test_hw_computed_fields(self):
            e = build("Ether()/IP(id=0, src='1.1.1.1')/UDP(sport=0, dport=4789, chksum=0)/"
                      "VXLAN(vni=5)/Ether()/IP()/TCP()")
            g = build("Ether()/IP(id=77, src='1.1.1.1')/UDP(sport=50000, dport=4789)/"
                      "VXLAN(vni=5)/Ether()/IP()/TCP()")
            self.assertNotEqual(e, g)
            self.assertEqual(hw_normalize(e), e)
            self.assertEqual(hw_normalize(g), e)
            h = build("Ether()/IP(id=0, src='1.1.1.1')/UDP(sport=0, dport=4789, chksum=0)/"
                      "VXLAN(vni=6)/Ether()/IP()/TCP()")
            self.assertNotEqual(hw_normalize(h), hw_normalize(g))  # the rest still counts
            self.assertEqual(e[50:62], b"\xff" * 6 + b"\0" * 6)  # inner Ether() too

        def test_not_checked_is_skip(self):
            # frames scapy cannot build (PSP in 2.5.0) after a clean run: SKIP, the run's
            # directory removed as for a PASS; with a refusal the refusal wins as before
            t = tempfile.mkdtemp(prefix="sdpa-st-")
            open(os.path.join(t, "output.txt"), "w").close()
            v = verdict([], "not checked: cannot build 'PSP()'", False, t,
                        os.path.join(t, "output.txt"))
            self.assertEqual(v, ("SKIP", "not checked: cannot build 'PSP()'"))
            self.assertFalse(os.path.exists(t))
            self.assertEqual(verdict(["x"], "f is not supported by softdpa", True, "/", "o"),
                             ("SKIP", "f is not supported by softdpa"))

        def test_dump_and_pattern(self):
            out = "x\nThe pipe received 8 packets which is 100% of the traffic (8/8)\ny\n"
            v = [{"type": "dump", "expected_text": [
                     "The pipe received 8 packets which is 100% of the traffic (8/8)"]},
                 {"type": "pattern", "expected_pattern": [
                     r"received [1-8] packets which is \d+\.?\d*% of the traffic"]}]
            self.assertEqual(check_stage_output(v, out), [])
            v = [{"type": "dump", "expected_text": ["nope"]},
                 {"type": "pattern", "expected_pattern": [r"^zzz$"]}]
            self.assertEqual(len(check_stage_output(v, out)), 2)

        def test_stage_may_start(self):
            st = [{"validation": [{"type": "dump", "expected_text": ["total: 20"]}]},
                  {"validation": []}]
            with tempfile.TemporaryDirectory() as t:
                log = os.path.join(t, "out")
                self.assertTrue(stage_may_start(st, 0, log))
                self.assertFalse(stage_may_start(st, 1, log))  # no output yet
                with open(log, "w") as f:
                    f.write("Num of aged entries: 10, total: 10\n")
                self.assertFalse(stage_may_start(st, 1, log))
                with open(log, "a") as f:
                    f.write("Num of aged entries: 10, total: 20\n")
                self.assertTrue(stage_may_start(st, 1, log))

        def test_find_samples(self):
            with tempfile.TemporaryDirectory() as t:
                d = os.path.join(t, "samples", "doca_flow", "flow_x")
                os.makedirs(d)
                open(os.path.join(d, "flow_x_sample.yaml"), "w").close()
                os.makedirs(os.path.join(t, "samples", "doca_flow", "flow_noyaml"))
                self.assertEqual(list(find_samples(t)), ["flow_x"])

        def test_find_dpa_samples(self):
            with tempfile.TemporaryDirectory() as t:
                d = os.path.join(t, "samples", "doca_dpa")
                os.makedirs(os.path.join(d, "dpa_x"))
                open(os.path.join(d, "dpa_x", "meson.build.public"), "w").close()
                os.makedirs(os.path.join(d, "dependencies"))  # no build file: not a sample
                self.assertEqual(find_samples(t), {"dpa_x": None})

        def test_dpa_runs(self):
            def fake(t, name, body):
                path = os.path.join(t, name)
                with open(path, "w") as f:
                    f.write("#!/bin/sh\n" + body + "\n")
                os.chmod(path, 0o755)
                return path

            refused = ("[1][SOFTDPA][ERR][rdma_unsupported.c:48][doca_rdma_create] "
                       "doca_rdma_create is not supported by softdpa (RDMA is not emulated)")
            with tempfile.TemporaryDirectory() as t:
                ok = fake(t, "ok", 'echo "args=$*"; echo "%s"' % DPA_SUCCESS)
                self.assertEqual(run_dpa("x", ok, None, False, 10), ("PASS", ""))
                # the default devices: a SOFTDPA_DEVICES of the caller is not passed on
                os.environ["SOFTDPA_DEVICES"] = "model=cx6"
                try:
                    env = fake(t, "env", '[ -z "$SOFTDPA_DEVICES" ] || exit 3; echo "%s"'
                               % DPA_SUCCESS)
                    self.assertEqual(run_dpa("x", env, None, False, 10), ("PASS", ""))
                    # the fidelity mode: set when asked, unset (the default) otherwise
                    os.environ["SOFTDPA_FIDELITY"] = "strict"
                    mode = fake(t, "mode", '[ "$SOFTDPA_FIDELITY" = "${1:-}" ] || exit 4; '
                                'echo "%s"' % DPA_SUCCESS)
                    self.assertEqual(run_dpa("x", mode, None, False, 10), ("PASS", ""))
                    self.assertEqual(run_dpa("x", mode, None, False, 10, [["fast"]],
                                             fidelity="fast"), ("PASS", ""))
                    self.assertEqual(run_dpa("x", mode, None, False, 10, [["fast"]],
                                             fidelity="strict")[0], "FAIL")
                finally:
                    os.environ.pop("SOFTDPA_FIDELITY", None)
                    del os.environ["SOFTDPA_DEVICES"]
                # the arguments of DPA_COMMANDS, one process per list
                args = fake(t, "args", '[ "$*" = "-a b" ] || exit 4; echo "%s"' % DPA_SUCCESS)
                self.assertEqual(run_dpa("x", args, None, False, 10, [["-a", "b"]]),
                                 ("PASS", ""))
                res, why = run_dpa("x", args, None, False, 10, [["-a", "b"], ["-c"]])
                self.assertEqual(res, "FAIL")
                self.assertIn("'-c': exit status 4", why)
                self.assertNotIn("'-a b'", why)
                # refused: SKIP with the refusal, also when only one process was refused
                no = fake(t, "no", 'echo "%s"; echo "Sample finished with errors"; exit 1'
                          % refused)
                self.assertEqual(run_dpa("x", no, None, False, 10),
                                 ("SKIP", "doca_rdma_create is not supported by softdpa "
                                          "(RDMA is not emulated)"))
                # a hang: killed at the timeout (its children too), FAIL with the last line
                hang = fake(t, "hang", 'echo "Waiting for all threads..."; sleep 60; '
                                       'echo "%s"' % DPA_SUCCESS)
                t0 = time.monotonic()
                res, why = run_dpa("x", hang, None, False, 1)
                self.assertLess(time.monotonic() - t0, 10)
                self.assertEqual(res, "FAIL")
                self.assertIn("did not exit within 1 s; last printed: "
                              "'Waiting for all threads...'", why)
                # exit 0 without the success line, and a failure without a refusal
                quiet = fake(t, "quiet", "echo done")
                res, why = run_dpa("x", quiet, None, False, 10)
                self.assertEqual(res, "FAIL")
                self.assertIn("output lacks '%s'; last printed: 'done'" % DPA_SUCCESS, why)
                bad = fake(t, "bad", 'echo "%s"; echo "oops" ; exit 2' % DPA_SUCCESS)
                res, why = run_dpa("x", bad, None, False, 10)
                self.assertEqual(res, "FAIL")
                self.assertIn("exit status 2; last printed: 'oops'", why)

        def test_dpa_listen(self):
            srv = socket.socket()
            srv.bind(("127.0.0.1", 0))
            port = srv.getsockname()[1]
            self.assertFalse(tcp_listening(port))
            srv.listen(1)
            self.assertTrue(tcp_listening(port))
            srv.close()
            # a target that listens late, an initiator that connects once, no retry
            with tempfile.TemporaryDirectory() as t:
                s = socket.socket()
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
                s.close()
                prog = os.path.join(t, "pair")
                with open(prog, "w") as f:
                    f.write("#!/usr/bin/python3\n"
                            "import socket, sys, time\n"
                            "if sys.argv[1] == 't':\n"
                            "    time.sleep(0.5)\n"
                            "    s = socket.socket()\n"
                            "    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
                            "    s.bind(('127.0.0.1', %d)); s.listen(1); s.accept()\n"
                            "else:\n"
                            "    socket.create_connection(('127.0.0.1', %d))\n"
                            "print('%s')\n" % (port, port, DPA_SUCCESS))
                os.chmod(prog, 0o755)
                self.assertEqual(run_dpa("x", prog, None, False, 20, [["t"], ["i"]], port),
                                 ("PASS", ""))

        def test_dpa_through_main(self):
            import contextlib
            import io
            with tempfile.TemporaryDirectory() as t:
                tree = os.path.join(t, "tree")
                for n in ("dpa_a", "dpa_b"):
                    os.makedirs(os.path.join(tree, "samples", "doca_dpa", n))
                    open(os.path.join(tree, "samples", "doca_dpa", n, "meson.build.public"),
                         "w").close()
                bins = os.path.join(t, "bin")
                os.makedirs(bins)
                # dpa_a as make conformance leaves it (<name>/doca_<name>), dpa_b flat
                for n, body, sub in (("dpa_a", 'echo "%s"' % DPA_SUCCESS, "dpa_a"),
                                     ("dpa_b", "echo stuck; sleep 60", "")):
                    os.makedirs(os.path.join(bins, sub), exist_ok=True)
                    path = os.path.join(bins, sub, "doca_" + n)
                    with open(path, "w") as f:
                        f.write("#!/bin/sh\n" + body + "\n")
                    os.chmod(path, 0o755)
                out = io.StringIO()
                cwd = os.getcwd()
                os.chdir(t)
                try:
                    with contextlib.redirect_stdout(out):
                        # relative, as make samples-test once gave it: each sample runs
                        # in a directory of its own
                        rc = main(["--bin-dir", "bin", "--timeout", "1", tree])
                finally:
                    os.chdir(cwd)
                lines = out.getvalue().splitlines()
                self.assertEqual(rc, 1)
                # each DPA sample once per fidelity mode
                self.assertEqual(lines[:3], ["PASS dpa_a default", "PASS dpa_a fast",
                                             "PASS dpa_a strict"])
                for i, mode in enumerate(("default", "fast", "strict")):
                    self.assertTrue(lines[3 + i].startswith(
                        "FAIL dpa_b %s: did not exit within 1 s; last printed: 'stuck'" % mode))
                self.assertEqual(lines[-1], "3 passed, 3 failed, 0 skipped")

        def test_a2a_check(self):
            def out(send, recv):
                rows = lambda m: "\n".join("Rank %d |%s|" % (i, "   ".join(map(str, r)))
                                            for i, r in enumerate(m))
                return ("[..][A2A] Number of processes = 2\n"
                        "         ------------send buffs----------------------\n" +
                        rows(send) +
                        "\n         ------------recv buffs----------------------\n" +
                        rows(recv) + "\n")
            send = [[1, 2, 3, 4], [5, 6, 7, 8]]
            self.assertIsNone(a2a_check(out(send, [[1, 2, 5, 6], [3, 4, 7, 8]]), 2))
            self.assertIn("rank 0's block 1 is [7, 8], rank 1 sent it [5, 6]",
                          a2a_check(out(send, [[1, 2, 7, 8], [3, 4, 5, 6]]), 2))
            self.assertIn("not 4", a2a_check(out(send, send), 4))
            self.assertEqual(a2a_check("nothing", 2), "no send and receive buffers printed")
            # one value per block, as the application's default message size prints
            self.assertIsNone(a2a_check(out([[9424, 3], [5, 8035]], [[9424, 5], [3, 8035]]), 2))
            cmd, env = mpirun_command(4)
            self.assertEqual(cmd, ["mpirun", "--oversubscribe", "-np", "4"])
            self.assertEqual(bool(env), os.geteuid() == 0)

        def test_roce_capture_check(self):
            s = scapy()
            from scapy.contrib.roce import BTH
            with tempfile.TemporaryDirectory() as t:
                good = (s.Ether() / s.IP(src="192.168.1.0", dst="192.168.1.0") /
                        s.UDP(sport=0xc001, dport=4791) /
                        BTH(opcode=0x0a, dqpn=4097, psn=7) / s.Raw(b"\x00" * 20))
                path = os.path.join(t, "rdma-1.pcap")
                s.wrpcap(path, [good])
                self.assertIsNone(roce_capture_check([path]))
                bad = bytearray(s.raw(good))
                bad[-6] ^= 1  # a payload bit: the ICRC no longer matches
                s.wrpcap(path, [s.Ether(bytes(bad))])
                self.assertIn("bad ICRC", roce_capture_check([path]))
                self.assertIn("no RoCEv2 frame", roce_capture_check([]))

        def test_mpi_app_found(self):
            with tempfile.TemporaryDirectory() as t:
                for sub in ("applications/dpa_all_to_all", "applications/common"):
                    os.makedirs(os.path.join(t, sub))
                open(os.path.join(t, "applications/dpa_all_to_all/meson.build.public"),
                     "w").close()
                self.assertEqual(find_samples(t), {"dpa_all_to_all": MPI_APP})

    r = unittest.TextTestRunner(verbosity=2).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(T))
    return 0 if r.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

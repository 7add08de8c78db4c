#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The elephant guard's test: generate traffic, run the guard, check what came out.

Everything is checked against the input captures and the two output captures; the
report (report.json) is only trusted after it agrees with them:
  - frames in = port 1 + port 2 + dropped, and the drops are exactly the frames ROOT
    cannot hash (IPv6 here);
  - every IPv4 frame leaves exactly once, unchanged, in the window it entered;
  - the per-window bucket counts the DPA read equal the counts recomputed from the input;
  - the guard's actions are exactly what its rule gives for those counts, and the
    elephants' buckets are disabled after window 0 and re-enabled after the cool-down
    once the elephants stop; no mouse-only bucket is ever disabled;
  - each frame took the lane its bucket was on in its window (fast = port 1, bulk = 2),
    and the per-entry counters agree with the captures;
  - every provider request completed, none failed or was refused.
"""
import argparse
import json
import os
import shutil
import struct
import subprocess
import sys

WINDOW, BUCKETS, COOLDOWN = 1000, 16, 3
BURST = ['--frames', '20k', '--flows', '1000', '--elephants', '4', '--elephant-share', '0.6',
         '--proto', 'mix', '--seed', '7']
CALM = ['--frames', '10k', '--flows', '1000', '--src-net', '10.2.0.0/16', '--mix-ipv6', '0.02',
        '--seed', '8']


def fail(msg):
    print('FAIL: ' + msg)
    sys.exit(1)


def read_pcap(path):
    """[(ts_sec, frame bytes)] of a classic little- or big-endian pcap."""
    with open(path, 'rb') as f:
        data = f.read()
    magic = struct.unpack('<I', data[:4])[0]
    end = '<' if magic in (0xa1b2c3d4, 0xa1b23c4d) else '>'
    out, off = [], 24
    while off + 16 <= len(data):
        sec, _, incl, _ = struct.unpack(end + 'IIII', data[off:off + 16])
        out.append((sec, data[off + 16:off + 16 + incl]))
        off += 16 + incl
    if off != len(data):
        fail('%s: %d trailing bytes' % (path, len(data) - off))
    return out


def five_tuple(frame):
    """(src, dst, sport, dport, proto) of an IPv4 TCP/UDP frame, else None."""
    l3 = 14
    et = struct.unpack('!H', frame[12:14])[0]
    if et == 0x8100:
        et, l3 = struct.unpack('!H', frame[16:18])[0], 18
    if et != 0x0800 or frame[l3] >> 4 != 4 or frame[l3 + 9] not in (6, 17):
        return None
    ihl = (frame[l3] & 15) * 4
    src = '.'.join(str(b) for b in frame[l3 + 12:l3 + 16])
    dst = '.'.join(str(b) for b in frame[l3 + 16:l3 + 20])
    sport, dport = struct.unpack('!HH', frame[l3 + ihl:l3 + ihl + 4])
    return (src, dst, sport, dport, frame[l3 + 9])


def expected_actions(counts, threshold, cooldown):
    """The guard's rule, replayed: [(window, bucket, action)]."""
    disabled, quiet, acts = [False] * BUCKETS, [0] * BUCKETS, []
    for w, row in enumerate(counts):
        for b, n in enumerate(row):
            if not disabled[b]:
                if n > threshold:
                    disabled[b], quiet[b] = True, 0
                    acts.append((w, b, 'disable'))
                continue
            quiet[b] = 0 if n > threshold else quiet[b] + 1
            if quiet[b] >= cooldown:
                disabled[b] = False
                acts.append((w, b, 'enable'))
    return acts


def check_trace(path):
    """The run's SOFTDPA_TRACE file is a Perfetto/Chrome JSON trace with every event kind
    the guard produces: the DPA thread's activations on an EU, datapath bursts, provider
    posts, flushes, batches, completions and queue counters, and named tracks."""
    with open(path) as f:
        ev = json.load(f)['traceEvents']
    procs = {e['pid']: e['args']['name'] for e in ev
             if e['ph'] == 'M' and e['name'] == 'process_name'}
    if set(procs.values()) != {'DPA', 'NIC', 'Provider'}:
        fail('trace processes %s, expected DPA, NIC and Provider' % sorted(procs.values()))
    def has(ph, name, proc):
        return any(e['ph'] == ph and e.get('name') == name and procs.get(e['pid']) == proc
                   for e in ev)
    want = [('X', 'guard_thread', 'DPA'), ('X', 'burst', 'NIC'), ('X', 'execute', 'Provider'),
            ('i', 'mem_read', 'Provider'), ('i', 'flush', 'Provider'),
            ('i', 'completions', 'Provider'), ('i', 'disable', 'Provider')]
    for ph, name, proc in want:
        if not has(ph, name, proc):
            fail('trace has no %s event %r on the %s tracks' % (ph, name, proc))
    if not any(e['ph'] == 'C' and procs.get(e['pid']) == 'Provider' for e in ev):
        fail('trace has no provider queue counter')
    for e in ev:
        if e['ph'] == 'X' and e['dur'] < 0:
            fail('negative duration in %s' % e)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--app', required=True)
    ap.add_argument('--softdpa', required=True)
    ap.add_argument('--work', required=True)
    a = ap.parse_args()

    shutil.rmtree(a.work, ignore_errors=True)
    out = os.path.join(a.work, 'out')
    os.makedirs(out)
    burst, calm = os.path.join(a.work, 'burst.pcap'), os.path.join(a.work, 'calm.pcap')
    for path, opts in ((burst, BURST), (calm, CALM)):
        subprocess.run([a.softdpa, 'pcap', 'gen', '-o', path] + opts, check=True,
                       stdout=subprocess.DEVNULL)
    trace = os.path.join(a.work, 'trace.json')
    run = subprocess.run([a.app, '--in', burst, '--in', calm, '--out-dir', out,
                          '--window', str(WINDOW), '--buckets', str(BUCKETS),
                          '--cooldown', str(COOLDOWN)],
                         env=dict(os.environ, SOFTDPA_TRACE=trace))
    if run.returncode != 0:
        fail('elephant_guard exited with status %d' % run.returncode)
    check_trace(trace)
    with open(os.path.join(out, 'report.json')) as f:
        rep = json.load(f)

    frames = [fr for _, fr in read_pcap(burst)] + [fr for _, fr in read_pcap(calm)]
    ports = {p: read_pcap(os.path.join(out, 'port%d.pcap' % p)) for p in (1, 2)}
    threshold = 2 * WINDOW // BUCKETS

    # Accounting.
    not_ip4 = sum(1 for fr in frames if five_tuple(fr) is None)
    if rep['frames_in'] != len(frames):
        fail('report says %d frames in, the captures hold %d' % (rep['frames_in'], len(frames)))
    for p in (1, 2):
        if rep['port_frames'][str(p)] != len(ports[p]):
            fail('port %d: report %d frames, capture %d' % (p, rep['port_frames'][str(p)],
                                                             len(ports[p])))
    if not_ip4 == 0 or rep['dropped'] != not_ip4 or rep['other_frames'] != not_ip4:
        fail('dropped %d / other %d, expected the %d non-IPv4 frames' %
             (rep['dropped'], rep['other_frames'], not_ip4))
    if len(frames) != len(ports[1]) + len(ports[2]) + rep['dropped']:
        fail('in %d != port 1 %d + port 2 %d + dropped %d' %
             (len(frames), len(ports[1]), len(ports[2]), rep['dropped']))
    if rep['windows'] != (len(frames) + WINDOW - 1) // WINDOW or rep['threshold'] != threshold:
        fail('windows %d / threshold %d unexpected' % (rep['windows'], rep['threshold']))

    # The bucket counts the DPA read equal the input's, window by window.
    bucket = {tuple(f[:5]): f[5] for f in rep['flows']}
    counts = [[0] * BUCKETS for _ in range(rep['windows'])]
    for i, fr in enumerate(frames):
        t = five_tuple(fr)
        if t is not None:
            counts[i // WINDOW][bucket[t]] += 1
    if counts != rep['bucket_frames']:
        fail('per-window bucket counts read by the DPA differ from the input')

    # The actions are exactly the rule's; the elephants' buckets flip when they should.
    acts = [tuple(x) for x in rep['actions']]
    if acts != expected_actions(counts, threshold, COOLDOWN):
        fail('actions %s differ from the rule %s' %
             (acts, expected_actions(counts, threshold, COOLDOWN)))
    burst_n = len(read_pcap(burst))
    per_flow = {}
    for fr in frames[:burst_n]:
        t = five_tuple(fr)
        per_flow[t] = per_flow.get(t, 0) + 1
    elephants = sorted(per_flow, key=per_flow.get, reverse=True)[:4]
    hot = sorted({bucket[t] for t in elephants})
    last_burst_window = (burst_n - 1) // WINDOW
    want = [(0, b, 'disable') for b in hot] + \
           [(last_burst_window + COOLDOWN, b, 'enable') for b in hot]
    if sorted(acts) != sorted(want):
        fail('elephant buckets %s: actions %s, expected %s' % (hot, acts, want))

    # Each frame: out once, unchanged, in its window, on its bucket's lane of that window.
    state = [[False] * BUCKETS]
    for w in range(rep['windows']):
        row = list(state[-1])
        for (aw, b, act) in acts:
            if aw == w:
                row[b] = act == 'disable'
        state.append(row)  # state[w + 1]: lanes during window w + 1
    index = {}
    for i, fr in enumerate(frames):
        if five_tuple(fr) is None:
            continue  # dropped at ROOT; IPv6 frames carry no IP id to tell them apart
        if fr in index:
            fail('input frames %d and %d are identical; cannot tell them apart' % (index[fr], i))
        index[fr] = i
    seen = set()
    lane = [0] * (2 * BUCKETS)
    for p in (1, 2):
        for sec, fr in ports[p]:
            i = index.get(fr)
            if i is None:
                fail('port %d sent a frame that is not in the input (modified?)' % p)
            if i in seen:
                fail('input frame %d left twice' % i)
            seen.add(i)
            w, b = i // WINDOW, bucket[five_tuple(fr)]
            if sec - 1704067200 != w:
                fail('input frame %d (window %d) left in window %d' % (i, w, sec - 1704067200))
            want_port = 2 if state[w][b] else 1
            if p != want_port:
                fail('frame %d (bucket %d, window %d) left on port %d, expected %d' %
                     (i, b, w, p, want_port))
            lane[2 * b + (p - 1)] += 1
    if lane != rep['lane_frames']:
        fail('per-entry counters %s differ from the captures %s' % (rep['lane_frames'], lane))

    r = rep['requests']
    nreads = rep['windows'] * (BUCKETS // 8)
    if (r['reads_posted'], r['reads_completed'], r['reads_failed']) != (nreads, nreads, 0) or \
       (r['writes_posted'], r['writes_completed'], r['writes_failed']) != (len(acts),) * 2 + (0,) or \
       r['refused'] != 0:
        fail('provider requests %s; expected %d reads and %d writes, all completed' %
             (r, nreads, len(acts)))

    check_empty_inputs(a, calm)
    check_export_late(a, burst)
    print('PASS: %d frames = %d fast + %d bulk + %d dropped; elephant buckets %s disabled '
          'after window 0, re-enabled after window %d; every frame on its lane; empty '
          'captures handled; a late export reported as failed' %
          (len(frames), len(ports[1]), len(ports[2]), rep['dropped'], hot,
           last_burst_window + COOLDOWN))


def check_export_late(a, burst):
    """README step 5's pitfall (--export-late): every disable completes as failed, and the
    report says so ("disable requested, failed"), never "disabled entry"; no lane moves."""
    out = os.path.join(a.work, 'out-late')
    os.makedirs(out, exist_ok=True)
    run = subprocess.run([a.app, '--in', burst, '--out-dir', out, '--window', str(WINDOW),
                          '--buckets', str(BUCKETS), '--export-late'],
                         capture_output=True, text=True)
    if run.returncode != 0:
        fail('--export-late: status %d, stderr %r' % (run.returncode, run.stderr[-2000:]))
    lines = [l for l in run.stdout.splitlines() if l.startswith('  window ')]
    if not lines or any(not l.endswith(')') or ': disable requested, failed (entry ' not in l
                        for l in lines):
        fail('--export-late: guard actions not reported as failed: %r' % lines)
    if 'disabled entry' in run.stdout or 'entries were added to hash pipe' not in run.stderr:
        fail('--export-late: report %r, stderr %r' % (run.stdout[-1500:], run.stderr[-1500:]))
    with open(os.path.join(out, 'report.json')) as f:
        r = json.load(f)
    if r['requests']['writes_failed'] != len(lines) or r['port_frames']['2'] != 0:
        fail('--export-late: %d failed writes, %d bulk frames; expected %d and 0' %
             (r['requests']['writes_failed'], r['port_frames']['2'], len(lines)))


def check_empty_inputs(a, calm):
    """A capture with a header and no record is valid input: skipped beside others,
    refused with a reason when it is all there is (once UB: memcpy from NULL)."""
    empty = os.path.join(a.work, 'empty.pcap')
    with open(empty, 'wb') as f:
        f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
    out = os.path.join(a.work, 'out-empty')
    os.makedirs(out, exist_ok=True)
    run = subprocess.run([a.app, '--in', empty, '--out-dir', out], capture_output=True,
                         text=True)
    if run.returncode == 0 or 'no frames in any --in capture' not in run.stderr:
        fail('an empty capture alone: status %d, stderr %r' % (run.returncode, run.stderr))
    run = subprocess.run([a.app, '--in', empty, '--in', calm, '--in', empty, '--out-dir', out,
                          '--window', str(WINDOW), '--buckets', str(BUCKETS)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        fail('empty captures beside a real one: status %d, stderr %r' %
             (run.returncode, run.stderr[-2000:]))
    with open(os.path.join(out, 'report.json')) as f:
        n = json.load(f)['frames_in']
    if n != len(read_pcap(calm)):
        fail('empty captures beside a real one: %d frames in, expected %d' %
             (n, len(read_pcap(calm))))


if __name__ == '__main__':
    main()

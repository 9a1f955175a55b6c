# SPDX-License-Identifier: GPL-2.0
#
# check.py WHAT [ARGS]: the post-processor of the jstack tests here.  It
# reads a test's output on stdin (sonde's -O json or -O folded lines,
# other lines, "-- @@stderr --" and stderr) and prints it with the
# stack-keyed aggregations replaced by what must hold of them, the
# verdicts in their place: samples and their stacks vary from run to
# run, what is asserted of them does not.  Lines of jstack_prog.py are
# named by their markers ("# SPIN" -> SPIN), the program's folder is
# left out; a JSON record is cut to its probe and its actions.
#
#   check.py profile          -O json, @[jstack()] of the spin mode
#   check.py count FN...      -O json, @[jstack(N)]: the firings in
#                             stacks with the Python functions FN...
#                             (innermost first, consecutive)
#   check.py threads          -O json, @[tid, jstack()] of threads mode;
#                             walks that ended early (a thread sampled
#                             while it starts or ends: their drop
#                             records and sonde's count of them) left
#                             out
#   check.py native           -O json, @[jstack()] of a native process
#   check.py folded FN:MARKER...
#                             -O folded: the lines through the functions
#                             FN (outermost first) at the lines MARKER,
#                             their Python frames (a native frame is
#                             printed only if it could be named: maybe
#                             not once the process has exited) and
#                             count, the sum; every line "frames count"
#   check.py foldedspin       -O folded of the spin mode: every line
#                             "frames count", the samples, and the share
#                             in lines through <module>, main, outer and
#                             inner at their lines (outermost first)
#   check.py profile|foldedspin few-drops
#                             the same, and walks that ended early
#                             (memory the kernel could not read without
#                             faulting it in: a page the kernel was
#                             moving, say) tolerated when they are at
#                             most 1% of the samples: their drop
#                             records and sonde's count of them replaced
#                             by that verdict
#   check.py text FN          jstack()'s text: the Python frames of the
#                             stacks with a frame of FN in jstack_prog.py
import json
import os
import re
import sys

PROG = os.path.abspath('jstack_prog.py')
MARK = {}
for n, l in enumerate(open(PROG), 1):
    m = re.search(r'# ([A-Z_0-9]+)$', l.rstrip('\n'))
    if m:
        MARK[n] = m.group(1)


def mark(line):
    return MARK.get(line, str(line))


def py(stack):
    return [f for f in stack['frames'] if 'function' in f]


def chain(stack, want):
    # want: [(function, markers or None)], innermost first, consecutive
    fs = py(stack)
    for i in range(len(fs) - len(want) + 1):
        if all(f['function'] == fn and f['file'] == PROG and
               (marks is None or mark(f.get('line')) in marks)
               for (fn, marks), f in zip(want, fs[i:])):
            return True
    return False


def verdict_profile(rows):
    want = [('inner', ('SPIN', 'SPIN2')), ('outer', ('OUTER_SPIN',)),
            ('main', ('MAIN',))]
    total = sum(r['value'] for r in rows)
    good = sum(r['value'] for r in rows if chain(r['keys'][0], want))
    return ['samples: %s' % ('at least 100' if total >= 100 else total),
            'in inner (SPIN or SPIN2) <- outer (OUTER_SPIN) <- main (MAIN): %s' %
            ('at least 90%' if good >= 0.9 * total else '%d of %d' % (good, total))]


def verdict_count(rows, fns):
    want = [(fn, None) for fn in fns]
    got = sum(r['value'] for r in rows if chain(r['keys'][0], want))
    return ['firings in %s: %d' % (' <- '.join(fns), got)]


def verdict_threads(rows):
    marks = {'spin_a': 'SPIN_A', 'spin_b': 'SPIN_B'}
    tids = {'spin_a': set(), 'spin_b': set()}
    n = {'spin_a': 0, 'spin_b': 0}
    mixed = 0
    for r in rows:
        tid, st = r['keys']
        fs = py(st)
        fns = [f['function'] for f in fs]
        for fn in marks:
            if any(f['function'] == fn and f['file'] == PROG and
                   mark(f.get('line')) == marks[fn] for f in fs):
                tids[fn].add(tid)
                n[fn] += r['value']
        if 'spin_a' in fns and 'spin_b' in fns:
            mixed += 1
    out = []
    for fn in marks:
        out.append('%s (%s): %s samples, from %d thread%s' %
                   (fn, marks[fn],
                    'at least 20' if n[fn] >= 20 else n[fn],
                    len(tids[fn]), '' if len(tids[fn]) == 1 else 's'))
    out.append('spin_a and spin_b in the same thread: %s' %
               ('yes' if tids['spin_a'] & tids['spin_b'] else 'no'))
    out.append('stacks with both: %d' % mixed)
    return out


def verdict_native(rows):
    # an exiting process has no user stack left: most, not all, samples
    total = sum(r['value'] for r in rows)
    pyf = sum(len(py(r['keys'][0])) for r in rows)
    nat = sum(r['value'] for r in rows if r['keys'][0]['frames'])
    flagged = [r for r in rows if len(r['keys'][0]) != 2]
    return ['samples: %s' % ('at least 20' if total >= 20 else total),
            'python frames: %d' % pyf,
            'with native frames: %s' %
            ('at least 90%' if nat >= 0.9 * total else '%d of %d' % (nat, total)),
            'stacks flagged: %d' % len(flagged)]


def folded(lines, fns):
    # fns outermost first, FUNCTION:MARKER: the frames at those lines.
    # The lines through them as they are (PROG's lines by their
    # markers), their count, and whether every line is "frames count".
    line = {m: n for n, m in MARK.items()}
    want = ';'.join('%s (%s:%d)' % (fn, PROG, line[m]) for fn, m in
                    (f.split(':') for f in fns))
    # Lines whose Python frames are the same (their native frames
    # differ: a call through another C path) are one, their counts
    # added, in the order first seen.
    n = 0
    bad = 0
    counts = {}
    for l in lines:
        if not re.match(r'^[^ ].* [0-9]+$', l):
            bad += 1
        elif want in l:
            fs, c = l.rsplit(' ', 1)
            n += int(c)
            fs = [f for f in fs.split(';') if re.search(r' \(.*:[0-9]+\)$', f)]
            k = re.sub(re.escape(PROG) + r':([0-9]+)\)',
                       lambda m: 'jstack_prog.py:%s)' %
                       mark(int(m.group(1))), ';'.join(fs))
            counts[k] = counts.get(k, 0) + int(c)
    out = ['%s %d' % (k, c) for k, c in counts.items()]
    named = ';'.join('%s (%s)' % tuple(f.split(':')) for f in fns)
    return out + ['samples through %s: %d' % (named, n),
                  'lines not "frames count": %d' % bad]


def folded_spin(lines):
    # -O folded of a sampled spin: the lines through the spinning chain
    # (inner at SPIN or SPIN2), whatever native frames are between
    line = {m: n for n, m in MARK.items()}

    def at(fn, m):
        return '%s (%s:%d)' % (fn, PROG, line[m])
    outer = ';'.join([at('<module>', 'MODULE'), at('main', 'MAIN'),
                      at('outer', 'OUTER_SPIN')])
    inner = (at('inner', 'SPIN'), at('inner', 'SPIN2'))
    total = good = bad = 0
    for l in lines:
        if not re.match(r'^[^ ].* [0-9]+$', l):
            bad += 1
            continue
        fs, c = l.rsplit(' ', 1)
        total += int(c)
        pyf = [f for f in fs.split(';') if re.search(r' \(.*:[0-9]+\)$', f)]
        if ';'.join(pyf[:3]) == outer and pyf[3:] and pyf[-1] in inner \
           and len(pyf) == 4:
            good += int(c)
    return ['lines not "frames count": %d' % bad,
            'samples: %s' % ('at least 100' if total >= 100 else total),
            '<module> (MODULE);main (MAIN);outer (OUTER_SPIN);inner (SPIN or SPIN2): %s' %
            ('at least 90%' if good >= 0.9 * total else '%d of %d' % (good, total))]


def frame(line):
    # a Python frame's line of jstack()'s text, PROG's named by markers
    m = re.match(r'^( *)\[ (.*):([0-9]+) \((.*)\) \]$', line)
    if not m:
        return None
    path, ln = m.group(2), m.group(3)
    if path == PROG:
        path, ln = 'jstack_prog.py', mark(int(ln))
    return ('%s[ %s:%s (%s) ]' % (m.group(1), path, ln, m.group(4)),
            m.group(2) == PROG and m.group(4))


def stacks(lines, fn):
    # the stacks (blocks between blank lines) with a frame of fn in
    # PROG: their Python frames, other lines between them as one line
    out, block = [], []
    for l in lines + ['']:
        if l:
            block.append(l)
            continue
        fs = [frame(b) for b in block]
        if any(f and f[1] == fn for f in fs):
            idx = [i for i, f in enumerate(fs) if f]
            prev = None
            for i in range(idx[0], idx[-1] + 1):
                if fs[i]:
                    out.append(fs[i][0])
                elif prev is not None and fs[prev]:
                    out.append('                (native frames)')
                prev = i
            out.append('')
        block = []
    return out


EARLY = re.compile(r'^sonde: ([0-9]+) jstack\(\) walks? ended early: '
                   r'interpreter memory unreadable$')


def few_drops(lines):
    # the lines without the early-ended walks' records and count, and
    # the verdict on them (the samples: folded lines' counts, or JSON
    # aggregation entries' values)
    total, early, keep = 0, 0, []
    for l in lines:
        m = EARLY.match(l)
        if m:
            early = int(m.group(1))
            continue
        if l.startswith('{'):
            o = json.loads(l)
            if o.get('type') == 'drop' and o.get('kind') == 'jstack':
                continue
            if o.get('type') == 'aggregation':
                total += sum(e['value'] for e in o['entries'])
        elif re.match(r'^[^ ].* [0-9]+$', l):
            total += int(l.rsplit(' ', 1)[1])
        keep.append(l)
    ok = early <= max(1, total // 100)
    if not ok:
        return lines, []
    return keep, ['jstack() walks ended early: at most 1% of the samples']


def main():
    what, args = sys.argv[1], sys.argv[2:]
    lines = sys.stdin.read().splitlines()
    tolerated = []
    if args[:1] == ['few-drops']:
        args = args[1:]
        lines, tolerated = few_drops(lines)
    try:
        end = lines.index('-- @@stderr --')
    except ValueError:
        end = len(lines)
    out, rows, where = [], [], None
    if what == 'folded':
        out = folded(lines[:end], args)
    elif what == 'foldedspin':
        out = folded_spin(lines[:end])
    elif what == 'text':
        out = stacks(lines[:end], args[0])
    else:
        for l in lines[:end]:
            if l.startswith('{'):
                o = json.loads(l)
                if o.get('type') == 'aggregation':
                    if where is None:
                        where = len(out)
                    rows += o['entries']
                    continue
                if what == 'threads' and o.get('type') == 'drop' and \
                   o.get('kind') == 'jstack':
                    continue
                if o.get('type') == 'record':
                    # its CPU and time vary: the probe and the actions
                    out.append('record %s %s' % (o['probe'],
                                                 json.dumps(o['data'])))
                    continue
            out.append(l)
        v = {'profile': lambda: verdict_profile(rows),
             'count': lambda: verdict_count(rows, args),
             'threads': lambda: verdict_threads(rows),
             'native': lambda: verdict_native(rows)}[what]()
        if where is None:
            where = len(out)
        out[where:where] = v
    err = lines[end:]
    if what == 'threads':
        err = [l for l in err if not re.match(
            r'^sonde: [0-9]+ jstack\(\) walks? ended early: '
            r'interpreter memory unreadable$', l)]
    for l in tolerated + out + err:
        print(l)


main()

#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# tcgprof.py - guest instructions per symbol from bench/tcgprof.c dumps.
#
#   tcgprof.py KALLSYMS AFTER [BEFORE] [--per N] [--top K] [--blocks SUB]
#
# KALLSYMS is the guest's /proc/kallsyms (boot it with nokaslr, and take
# it while the modules of interest are loaded).  AFTER and BEFORE are two
# dumps (FILE.k of mark=); the profile is their difference, divided by N
# (the number of events in the window) with --per.  Prints instructions
# and translated-block entries per symbol, most first, and the totals;
# with --blocks, every block of the symbols whose name contains SUB
# instead (symbol+offset, instructions in the block, entries per event).
import bisect
import sys


def load_syms(path):
    syms = []
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) < 3 or p[1] not in "tTwW":
                continue
            try:
                a = int(p[0], 16)
            except ValueError:
                continue
            name = p[2] + (" " + p[3] if len(p) > 3 else "")
            syms.append((a, name))
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def load_dump(path):
    d = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            d[(int(p[0], 16), int(p[1]))] = (int(p[2]), int(p[3]) if len(p) > 3 else 0)
    return d


def main():
    args = sys.argv[1:]
    per, top = 1.0, 40
    if "--per" in args:
        i = args.index("--per")
        per = float(args[i + 1])
        del args[i:i + 2]
    sub = None
    if "--blocks" in args:
        i = args.index("--blocks")
        sub = args[i + 1]
        del args[i:i + 2]
    if "--top" in args:
        i = args.index("--top")
        top = int(args[i + 1])
        del args[i:i + 2]
    addrs, names = load_syms(args[0])
    after = load_dump(args[1])
    before = load_dump(args[2]) if len(args) > 2 else {}
    insns, blocks, samples = {}, {}, {}
    rows = []
    for (va, n), (ex, sm) in after.items():
        b = before.get((va, n), (0, 0))
        ex -= b[0]
        sm -= b[1]
        if ex <= 0 and sm <= 0:
            continue
        if va == 0:
            name = "(user)"
        else:
            i = bisect.bisect_right(addrs, va) - 1
            name = names[i] if i >= 0 else hex(va)
        if sub is not None and sub in name and va and i >= 0:
            rows.append((name.split()[0], va - addrs[i], n, ex / per, sm))
        insns[name] = insns.get(name, 0) + ex * n
        blocks[name] = blocks.get(name, 0) + ex
        samples[name] = samples.get(name, 0) + sm
    ti, tb, ts = sum(insns.values()), sum(blocks.values()), sum(samples.values())
    if sub is not None:
        for name, off, n, ex, sm in sorted(rows):
            print("%s+0x%x %d insns %.2f execs %d samples" % (name, off, n, ex, sm))
        return
    key = insns.get
    if ts and "--by-insns" not in args:
        key = samples.get
    print("%12s %10s %8s  %s" % ("insns", "blocks", "time%", "symbol"))
    for name in sorted(insns, key=key, reverse=True)[:top]:
        print("%12.1f %10.1f %8.2f  %s" % (insns[name] / per, blocks[name] / per,
                                          100.0 * samples[name] / ts if ts else 0, name))
    print("%12.1f %10.1f %8d  (total; samples)" % (ti / per, tb / per, ts))


if __name__ == "__main__":
    main()

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_jstack.sh - jstack() in Debian's python3.11, end to end in the test
# guest (root, sonde.ko loaded, sonde and python3.11 in PATH): profile
# samples attributed to main -> outer -> inner with their files and lines,
# the Python function behind a read() with the GIL released, pid and USDT
# probes as aggregation keys, two threads told apart, native frames only
# (and no error) for a process that is not Python, -O folded's lines and
# counts, -O pprof's profile (read back by pprof-dump) and the flame
# graph as SVG an XML parser reads.
#
# The program is jstack_prog.py; its lines are found by their markers.
# JSON output is checked with python3.11 itself.  Every command runs under
# a timeout so a hang fails the test, not the run.

cd "$(dirname "$0")" || exit 1
. ./ktap_helpers.sh

SONDE=${SONDE:-sonde}
PY=${PYTHON:-python3.11}
PROG=$PWD/jstack_prog.py
T=$(mktemp -d /tmp/test_jstack.XXXXXX)
trap 'rm -rf "$T"' EXIT

have_python() {
	command -v "$PY" > /dev/null 2>&1 && [ -f "$PROG" ]
}

# line MARKER: the line of jstack_prog.py that carries "# MARKER".
line() {
	grep -n "# $1\$" "$PROG" | cut -d: -f1
}

show() {
	ktap_diag "exit status $rc"
	ktap_diag_file "$T/out"
	ktap_diag_file "$T/err"
}

# check.py JSON-FILE WHAT...: python3.11 reads sonde's JSON lines and
# says "ok" or why not (see each test for WHAT).
cat > "$T/check.py" <<'EOF'
import json, sys

def aggs(path):
    rows = []
    for l in open(path):
        o = json.loads(l)
        if o.get('type') == 'aggregation':
            rows += o['entries']
    return rows

def py(stack):
    return [f for f in stack['frames'] if 'function' in f]

def chain(stack, want, prog):
    # want: [(function, lines)], innermost first, consecutive
    fs = py(stack)
    for i in range(len(fs) - len(want) + 1):
        ok = True
        for (fn, lines), f in zip(want, fs[i:]):
            if f['function'] != fn or f['file'] != prog or \
               (lines and f.get('line') not in lines):
                ok = False
                break
        if ok:
            return True
    return False

what, path, prog = sys.argv[1], sys.argv[2], sys.argv[3]
args = sys.argv[4:]
rows = aggs(path)
if what == 'profile':
    spin, spin2, outer, main = map(int, args)
    want = [('inner', (spin, spin2)), ('outer', (outer,)), ('main', (main,))]
    total = sum(r['value'] for r in rows)
    good = sum(r['value'] for r in rows if chain(r['keys'][0], want, prog))
    print('ok' if total >= 100 and good >= 0.9 * total else
          'only %d of %d samples in inner <- outer <- main' % (good, total))
elif what == 'count':
    # a chain of functions (no lines) with at least N firings
    n = int(args[0])
    want = [(fn, None) for fn in args[1:]]
    got = sum(r['value'] for r in rows if chain(r['keys'][0], want, prog))
    print('ok' if got >= n else '%d firings in %s, want %d' % (got, args[1:], n))
elif what == 'threads':
    a, b = int(args[0]), int(args[1])
    tids = {'spin_a': set(), 'spin_b': set()}
    n = {'spin_a': 0, 'spin_b': 0}
    mixed = 0
    for r in rows:
        tid, st = r['keys']
        fns = [f['function'] for f in py(st)]
        for fn, ln in (('spin_a', a), ('spin_b', b)):
            if fn in fns:
                tids[fn].add(tid)
                n[fn] += r['value']
        if 'spin_a' in fns and 'spin_b' in fns:
            mixed += 1
    ok = n['spin_a'] >= 20 and n['spin_b'] >= 20 and not mixed and \
        len(tids['spin_a']) == 1 and tids['spin_a'] != tids['spin_b']
    print('ok' if ok else 'samples %s, threads %s, %d stacks mixed' %
          (n, tids, mixed))
elif what == 'native':
    # an exiting process has no user stack left: most, not all, samples
    total = sum(r['value'] for r in rows)
    pyf = sum(len(py(r['keys'][0])) for r in rows)
    nat = sum(r['value'] for r in rows if r['keys'][0]['frames'])
    flagged = [r for r in rows if len(r['keys'][0]) != 2]
    print('ok' if total >= 20 and not pyf and nat >= 0.9 * total and
          not flagged else
          '%d samples, %d python frames, %d with native frames, %d flagged' %
          (total, pyf, nat, len(flagged)))
EOF

check() {
	"$PY" "$T/check.py" "$@" > "$T/verdict" 2>&1
	if [ "$(cat "$T/verdict")" = ok ]; then
		return 0
	fi
	ktap_diag "$(cat "$T/verdict")"
	return 1
}

# profile-997 in a program spinning in inner(): at least 90% of the
# samples in stacks with inner, outer, main (innermost first) at the
# lines they are at, in jstack_prog.py.
test_profile() {
	have_python || { skip_reason="no $PY"; return 4; }
	# a running program (-p), as a service is profiled: its start-up
	# (imports, compiling jstack_prog.py) is not what is measured
	"$PY" "$PROG" spin 20 > "$T/ready" &
	pypid=$!
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		[ -s "$T/ready" ] && break
		sleep 0.5
	done
	run 120 "$SONDE" -O json -n 'profile-997 /pid == $target/ {
		@[jstack()] = count(); } tick-4s { exit(0); }' -p "$pypid"
	kill "$pypid" 2> /dev/null
	wait "$pypid" 2> /dev/null
	if [ "$rc" -eq 0 ] && check profile "$T/out" "$PROG" "$(line SPIN)" \
	     "$(line SPIN2)" "$(line OUTER_SPIN)" "$(line MAIN)"; then
		return 0
	fi
	show
	return 1
}

# A read() of a pipe, the GIL released: the Python function that called
# it and its caller, at their lines, in DTrace's layout (under the
# interpreter's frame, or after the native frames the walk reached).
# The program has ended when the records are printed: the lines come
# from its file.
test_read() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -q -n 'syscall::read:entry /pid == $target/ {
		jstack(); }' -c "$PY $PROG read"
	if [ "$rc" -eq 0 ] &&
	   grep -A1 "^                \[ $PROG:$(line READ) (reader) \]\$" "$T/out" |
	   grep -q "^                \[ $PROG:$(line OUTER_READ) (outer) \]\$"; then
		return 0
	fi
	ktap_diag "want [ $PROG:$(line READ) (reader) ] then outer's frame"
	show
	return 1
}

# pid provider: libc's write() as called by writer(), an aggregation key.
test_pid_write() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -O json -n 'pid$target:libc.so.6:write:entry {
		@[jstack(20)] = count(); }' -c "$PY $PROG write 200"
	if [ "$rc" -eq 0 ] &&
	   check count "$T/out" "$PROG" 200 writer outer main; then
		return 0
	fi
	show
	return 1
}

# USDT: python's own gc-start probe, from collector().
test_usdt_gc() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -O json -n 'python$target:::gc-start {
		@[jstack(20)] = count(); }' -c "$PY $PROG gc 50"
	if [ "$rc" -eq 0 ] &&
	   check count "$T/out" "$PROG" 50 collector outer main; then
		return 0
	fi
	show
	return 1
}

# Two threads spinning in different functions: each function's samples
# come from one thread, a different one for each, never mixed.
test_threads() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -O json -n 'profile-997 /pid == $target/ {
		@[tid, jstack()] = count(); }' -c "$PY $PROG threads 4"
	if [ "$rc" -eq 0 ] && check threads "$T/out" "$PROG" \
	     "$(line SPIN_A)" "$(line SPIN_B)"; then
		return 0
	fi
	show
	return 1
}

# A process that is not Python: native frames only, and nothing said
# about jstack() (no drop, no error).
test_not_python() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -O json -n 'profile-997 /pid == $target/ {
		@[jstack()] = count(); }' -c "/loop-getppid 3000000"
	if [ "$rc" -eq 0 ] && check native "$T/out" "$PROG" &&
	   ! grep -q 'jstack\|error' "$T/err"; then
		return 0
	fi
	show
	return 1
}

# -O folded: libc's write() from writer(), 200 calls: the lines through
# writer sum to exactly 200, each outermost first (main, outer, writer
# at their lines), the count last.
test_folded() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -O folded -n 'pid$target:libc.so.6:write:entry {
		@[jstack(20)] = count(); }' -c "$PY $PROG write 200"
	want="main ($PROG:$(line MAIN));outer ($PROG:$(line OUTER_WRITE));writer ($PROG:$(line WRITE))"
	n=$(grep -F "$want" "$T/out" | awk '{ s += $NF } END { print s + 0 }')
	bad=$(grep -cv '^[^ ].* [0-9][0-9]*$' "$T/out")
	if [ "$rc" -eq 0 ] && [ "$n" -eq 200 ] && [ "$bad" -eq 0 ]; then
		return 0
	fi
	ktap_diag "want 200 samples in lines through '$want', every line 'frames count' ($n, $bad bad lines)"
	show
	return 1
}

# -O pprof -o FILE: the same 200 calls as a profile (read back by
# pprof-dump): the samples through writer, outer and main, each a
# function with its file and line, innermost first, add up to exactly
# 200.
test_pprof() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -O pprof -o "$T/p.pb.gz" -n 'pid$target:libc.so.6:write:entry {
		@[jstack(20)] = count(); }' -c "$PY $PROG write 200"
	want="writer $PROG:$(line WRITE);outer $PROG:$(line OUTER_WRITE);main $PROG:$(line MAIN)"
	"$PWD/pprof-dump" "$T/p.pb.gz" > "$T/dump" 2>&1
	n=$(grep -F "$want" "$T/dump" | sed 's/^sample \([0-9]*\):.*/\1/' |
		awk '{ s += $1 } END { print s + 0 }')
	if [ "$rc" -eq 0 ] && [ "$n" -eq 200 ] && [ ! -s "$T/out" ]; then
		return 0
	fi
	ktap_diag "want 200 in samples through '$want' ($n)"
	ktap_diag_file "$T/dump"
	show
	return 1
}

# -O flamegraph -o FILE: an SVG python3.11's XML parser reads, whose
# titles name inner, outer and main at their lines.
test_flamegraph() {
	have_python || { skip_reason="no $PY"; return 4; }
	"$PY" "$PROG" spin 20 > "$T/ready" &
	pypid=$!
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		[ -s "$T/ready" ] && break
		sleep 0.5
	done
	run 120 "$SONDE" -O flamegraph -o "$T/p.svg" -n 'profile-997
	    /pid == $target/ { @[jstack()] = count(); } tick-3s { exit(0); }' \
		-p "$pypid"
	kill "$pypid" 2> /dev/null
	wait "$pypid" 2> /dev/null
	cat > "$T/svg.py" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
prog, lines = sys.argv[2], sys.argv[3:]
ns = '{http://www.w3.org/2000/svg}'
root = ET.parse(sys.argv[1]).getroot()
titles = [t.text for t in root.iter(ns + 'title')]
want = ['inner (%s:%s)' % (prog, lines[0]), 'outer (%s:%s)' % (prog, lines[1]),
        'main (%s:%s)' % (prog, lines[2])]
miss = [w for w in want if not any(t.startswith(w + ' (') for t in titles)]
print('ok' if root.tag == ns + 'svg' and not miss and
      any(t.startswith('all (') for t in titles) else 'missing %s' % miss)
PYEOF
	if [ "$rc" -eq 0 ] && [ ! -s "$T/out" ] &&
	   [ "$("$PY" "$T/svg.py" "$T/p.svg" "$PROG" "$(line SPIN)" \
		"$(line OUTER_SPIN)" "$(line MAIN)" 2>&1)" = ok ]; then
		return 0
	fi
	ktap_diag "$("$PY" "$T/svg.py" "$T/p.svg" "$PROG" "$(line SPIN)" "$(line OUTER_SPIN)" "$(line MAIN)" 2>&1 | tail -3)"
	show
	return 1
}

result() {
	_name=$1
	_rc=$2
	if [ "$_rc" -eq 4 ]; then
		ktap_skip "$_name" "$skip_reason"
	else
		ktap_result "$_name" "$_rc"
	fi
}

ktap_header 9
test_profile; result jstack_profile_inner_outer_main_lines $?
test_read; result jstack_read_gil_released $?
test_pid_write; result jstack_pid_write_key $?
test_usdt_gc; result jstack_usdt_gc_start_key $?
test_threads; result jstack_two_threads_told_apart $?
test_not_python; result jstack_not_python_native_only $?
test_folded; result jstack_folded_exact_counts $?
test_pprof; result jstack_pprof_exact_counts $?
test_flamegraph; result jstack_flamegraph_svg $?
ktap_finish

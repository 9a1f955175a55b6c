#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench_usdt.sh - the cost of a Python function call (Debian's python3.11)
# untraced, traced through its USDT probes, and after detaching, in one
# python process and one boot (run in the test guest by `make bench-usdt`).
#
# One python3.11 process calls an empty function in rounds of N calls and
# prints each round's ns per call, tagged with the phase a file says at
# the round's start and end (rounds that straddle a change are dropped):
#
#   untraced   before sonde attaches
#   traced     sonde -p attached with the clause below (armed: BEGIN ran)
#   detached   after sonde exited
#
# Two clauses are measured, each with its own python process:
#   return: python$target:::function-return { @[copyinstr(arg1)] = count(); }
#   entry:  python$target:::function-entry  { @[copyinstr(arg1)] = count(); }
#           with sys.setprofile() set in every phase, because CPython 3.11
#           fires function-entry only while a profile hook is set
#           (gh-98894); the hook's own cost is in all three phases.
#
# Output: per phase the median ns/call, and traced - untraced, detached -
# untraced.  Figures, not a test: under TCG only the ratios mean anything.

PY=${PYTHON:-python3.11}
SONDE=${SONDE:-sonde}
N=${BENCH_CALLS:-20000}
SECS=${BENCH_SECS:-6}
T=$(mktemp -d /tmp/bench_usdt.XXXXXX)

cat > "$T/calls.py" <<'EOF'
import sys, time
phase_file, n, hook = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "hook"
def f():
    pass
def phase():
    with open(phase_file) as p:
        return p.read().strip()
if hook:
    sys.setprofile(lambda *a: None)
while True:
    a = phase()
    if a == "stop":
        break
    t = time.perf_counter_ns()
    for i in range(n):
        f()
    dt = time.perf_counter_ns() - t
    if phase() == a:
        print(a, dt / n, flush=True)
EOF

median() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan";
		else if (NR % 2) print v[(NR + 1) / 2];
		else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench NAME PROBE HOOK
bench() {
	name=$1
	probe=$2
	hook=$3
	echo untraced > "$T/phase"
	"$PY" "$T/calls.py" "$T/phase" "$N" "$hook" > "$T/$name.rounds" &
	py=$!
	sleep "$SECS"
	"$SONDE" -q -n "BEGIN { printf(\"armed\\n\"); }
	    python\$target:::$probe { @[copyinstr(arg1)] = count(); }
	    tick-${SECS}s { exit(0); }" -p "$py" > "$T/$name.sonde" 2>&1 &
	sp=$!
	while ! grep -q armed "$T/$name.sonde" 2>/dev/null; do
		kill -0 "$sp" 2>/dev/null || break
		sleep 0.05
	done
	echo traced > "$T/phase"
	wait "$sp"
	echo detached > "$T/phase"
	sleep "$SECS"
	echo stop > "$T/phase"
	wait "$py"
	fcalls=$(awk '$1 == "f" { print $2 }' "$T/$name.sonde")
	u=$(awk '$1 == "untraced" { print $2 }' "$T/$name.rounds" | median)
	t=$(awk '$1 == "traced" { print $2 }' "$T/$name.rounds" | median)
	d=$(awk '$1 == "detached" { print $2 }' "$T/$name.rounds" | median)
	nu=$(grep -c '^untraced' "$T/$name.rounds")
	nt=$(grep -c '^traced' "$T/$name.rounds")
	nd=$(grep -c '^detached' "$T/$name.rounds")
	printf '%-8s %10s %10s %10s %10s %10s   rounds %s/%s/%s, f() counted %s\n' \
		"$name" "$u" "$t" "$d" \
		"$(awk -v a="$t" -v b="$u" 'BEGIN { printf "%+.0f", a - b }')" \
		"$(awk -v a="$d" -v b="$u" 'BEGIN { printf "%+.0f", a - b }')" \
		"$nu" "$nt" "$nd" "${fcalls:-?}"
}

echo "python3.11 empty function call, ns per call (median of rounds of $N calls)"
printf '%-8s %10s %10s %10s %10s %10s\n' probe untraced traced detached \
	"traced-u" "detach-u"
bench return function-return nohook
bench entry function-entry hook
rm -rf "$T"

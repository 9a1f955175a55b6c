#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench_jstack.sh - what jstack() costs, in the test guest with Debian's
# python3.11 (`make bench-jstack`):
#
#  1. per firing: a python3.11 process calls os.getppid() five Python
#     frames deep in rounds of N calls and prints each round's ns per
#     call, tagged with the phase a file names at the round's start and
#     end (rounds that straddle a change are dropped): untraced, or sonde
#     -p attached with one clause on syscall::getppid:entry:
#     @ = count() (the probe and a firing), @[ustack()] = count(),
#     @[jstack()] = count().  jstack() - ustack() is the walk of the
#     interpreter's frames, the names' copies and the larger key.
#  2. profile-997 on a Python workload (pure Python arithmetic five
#     frames deep, rounds of fixed work, each round's ns), the same three
#     clauses: the throughput lost.
#
# The workload runs on CPU 1, sonde on CPU 0.  BENCH_PARTS="1 2" (the
# default) picks the parts.  Figures, not a test: under TCG only the
# ratios mean anything, and with both vCPUs on one host thread (make
# bench-jstack) what sonde does on CPU 0 takes host time from CPU 1.

PY=${PYTHON:-python3.11}
SONDE=${SONDE:-sonde}
N=${BENCH_CALLS:-5000}
SECS=${BENCH_SECS:-6}
T=$(mktemp -d /tmp/bench_jstack.XXXXXX)

cat > "$T/work.py" <<'EOF'
import os, sys, time
phase_file, mode, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.sched_setaffinity(0, {1})
def phase():
    with open(phase_file) as p:
        return p.read().strip()
def calls(n):
    g = os.getppid
    for i in range(n):
        g()
def work(n):
    x = 0
    for i in range(n):
        x = (x * 31 + i) & 0xffff
    return x
def level4(n):
    return calls(n) if mode == 'calls' else work(n)
def level3(n):
    return level4(n)
def level2(n):
    return level3(n)
def level1(n):
    return level2(n)
while True:
    a = phase()
    if a == 'stop':
        break
    t = time.perf_counter_ns()
    level1(n)
    dt = time.perf_counter_ns() - t
    if phase() == a:
        print(a, dt / n, flush=True)
EOF

median() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan";
		else if (NR % 2) print v[(NR + 1) / 2];
		else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench MODE N PROBE CLAUSE...: one python process pinned to CPU 1;
# each clause (NAME:ACTION) attached for SECS seconds in turn, REPS
# times round, with SECS untraced between: the baseline is interleaved
# with what it is compared to, so drift in the host's speed (other
# guests, TCG) falls on both.  Prints a line per clause.
bench() {
	mode=$1
	n=$2
	probe=$3
	shift 3
	echo untraced > "$T/phase"
	"$PY" "$T/work.py" "$T/phase" "$mode" "$n" > "$T/rounds" &
	py=$!
	sleep "$SECS"
	for rep in $(seq "$REPS"); do
		for c in "$@"; do
			name=${c%%:*}
			taskset -c 0 "$SONDE" -q -n "BEGIN { printf(\"armed\\n\"); }
			    $probe /pid == \$target/ { ${c#*:} }
			    tick-${SECS}s { exit(0); }" -p "$py" \
				> "$T/$name.sonde" 2>&1 &
			sp=$!
			while ! grep -q armed "$T/$name.sonde" 2>/dev/null; do
				kill -0 "$sp" 2>/dev/null || break
				sleep 0.05
			done
			echo "$name" > "$T/phase"
			wait "$sp"
			grep -q drop "$T/$name.sonde" && echo "$name" >> "$T/drops"
			echo untraced > "$T/phase"
			sleep "$SECS"
		done
	done
	echo stop > "$T/phase"
	wait "$py"
	u=$(awk '$1 == "untraced" { print $2 }' "$T/rounds" | median)
	printf '%-12s %10s %10s  %s\n' untraced "$u" "" \
		"$(grep -c '^untraced' "$T/rounds") rounds"
	for c in "$@"; do
		name=${c%%:*}
		t=$(awk -v n="$name" '$1 == n { print $2 }' "$T/rounds" | median)
		printf '%-12s %10s %10s  %s rounds%s\n' "$name" "$t" \
			"$(awk -v a="$t" -v b="$u" "BEGIN { $OUT }")" \
			"$(grep -c "^$name " "$T/rounds")" \
			"$(grep -qx "$name" "$T/drops" 2>/dev/null && echo ', drops reported')"
	done
}

REPS=${BENCH_REPS:-3}
PARTS=${BENCH_PARTS:-1 2}
case " $PARTS " in *" 1 "*)
echo "1. os.getppid() five Python frames deep: ns per call (median of rounds of $N calls), added"
OUT='printf "%+.0f", a - b'
bench calls "$N" syscall::getppid:entry "count:@ = count();" \
	"ustack:@[ustack()] = count();" "jstack:@[jstack()] = count();"
echo ;;
esac
case " $PARTS " in *" 2 "*)
echo "2. profile-997 on pure Python work five frames deep: ns per unit (rounds of 20000), throughput lost"
OUT='printf "%.1f%%", 100 * (1 - b / a)'
bench work 20000 profile-997 "count:@ = count();" \
	"ustack:@[ustack()] = count();" "jstack:@[jstack()] = count();" ;;
esac
rm -rf "$T"

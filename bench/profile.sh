#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# profile.sh - where a firing's time goes, in the test guest under TCG:
# guest instructions, block entries and sampled time per kernel symbol
# (bench/tcgprof.c, a QEMU plugin), per workload call, untraced and under
# each program.  `make profile` runs it.
#
#   bench/profile.sh [-m getppid|read|python|pygetppid|pyusdt] [-n CALLS]
#                    [-r bookworm|trixie] 'program'...
#
# A program is a D program for sonde, or "bpftrace:PROGRAM" for bpftrace,
# which only the Debian roots have: -r boots bench/mkroot.sh's root of
# that suite (bookworm: bpftrace 0.17, python3.11; trixie: bpftrace 0.23,
# python3.13) through bench/guest.sh, on the same kernel, instead of the
# busybox guest.  Boots the busybox guest (nokaslr, single-threaded TCG)
# once to learn the kernel's symbols (cached per kernel in
# build/bench/prof/), then the chosen guest once with the plugin.  Prints
# one table per window: untraced, then each program, and last a summary:
# each program's added guest instructions per call (its total less the
# untraced total).
#
# Environment: PROF_TOP (symbols a table shows, default 25),
# PROF_SAMPLE_US (the time sampler's period), PROF_DIR (where the dumps
# go, default build/bench/prof).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
B=$ROOT/build
P=${PROF_DIR:-$B/bench/prof}
MODE=getppid N=50000 TOP=${PROF_TOP:-25} SUITE=
while getopts m:n:r: o; do
	case $o in
	m) MODE=$OPTARG ;;
	n) N=$OPTARG ;;
	r) SUITE=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "usage: $0 [-m getppid|read|python|pygetppid|pyusdt] [-n CALLS] [-r bookworm|trixie] 'program'..." >&2; exit 2; }
case $SUITE in
'' | bookworm | trixie) ;;
*) echo "profile: -r $SUITE: not bookworm or trixie" >&2; exit 2 ;;
esac
if [ -z "$SUITE" ]; then
	for s in "$@"; do
		case $s in
		bpftrace:*) echo "profile: bpftrace is only in the Debian roots: give -r bookworm or -r trixie" >&2; exit 2 ;;
		esac
	done
fi

mkdir -p "$P"
gcc -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -pthread \
	-o "$B/bench/tcgprof.so" "$ROOT/bench/tcgprof.c"
cp "$ROOT/bench/prof-guest.sh" "$B/selftests/prof-guest.sh"
cp "$B/bench/bench-load" "$B/selftests/bench-load"
trap 'rm -f "$B/selftests/prof-guest.sh" "$B/selftests/bench-load"' EXIT

export SONDE_GUEST_APPEND=nokaslr SONDE_TCG_THREAD=single
# Symbols are cached per kernel: KDIR names the guest's kernel.
mkdir -p "$B/bench/prof"
KS=$B/bench/prof/kallsyms.$(basename "$(readlink -f "${KDIR:-default}")")
if [ ! -s "$KS" ]; then
	"$ROOT/selftests/guest/run-guest.sh" --cmd 'grep -v "\[sonde\]" /proc/kallsyms' > "$KS.tmp"
	mv "$KS.tmp" "$KS"
fi
MARK=$(awk '$3 == "__x64_sys_sync" { print $1; exit }' "$KS")
[ -n "$MARK" ] || { echo "profile: no __x64_sys_sync in $KS" >&2; exit 1; }

rm -f "$P"/out*
args=()
for s in "$@"; do args+=("'${s//\'/\'\\\'\'}'"); done
PLUGIN="-plugin $B/bench/tcgprof.so,out=$P/out,mark=$MARK,sample=${PROF_SAMPLE_US:-20}"
if [ -n "$SUITE" ]; then
	BENCH_SUITE=$SUITE BENCH_QEMU_EXTRA=$PLUGIN BENCH_APPEND=nokaslr \
		BENCH_PROF="PROF_MODE=$MODE PROF_N=$N SONDE=/bench/sonde LOAD=/bench/bench-load sh /bench/prof-guest.sh ${args[*]}" \
		"$ROOT/bench/guest.sh" > "$P/guest.log" 2>&1 ||
		{ tail -20 "$P/guest.log" >&2; exit 1; }
	case $SUITE in
	trixie) cp "$B/bench-guest-trixie/results.log" "$P/run.log" ;;
	*) cp "$B/bench-guest/results.log" "$P/run.log" ;;
	esac
	grep -q '^### bench-guest: job-end rc=0' "$P/run.log" ||
		{ sed -n '/job-stderr-begin/,/job-stderr-end/p' "$P/run.log" >&2; exit 1; }
else
	SONDE_QEMU_EXTRA=$PLUGIN "$ROOT/selftests/guest/run-guest.sh" \
		--cmd "PROF_MODE=$MODE PROF_N=$N /selftests/sonde/prof-guest.sh ${args[*]}" > "$P/run.log" 2>&1 ||
		{ tail -20 "$P/run.log" >&2; exit 1; }
fi
{ cat "$KS"; sed -n '/^KSYMS-BEGIN/,/^KSYMS-END/p' "$P/run.log"; } > "$P/kallsyms-all"

# instructions and blocks per call: the total, and the part in sonde.ko's
# symbols and in BPF programs' (the tracer's own code; the rest is the
# kernel's, the workload's and whatever else ran in the window)
total() {
	python3 "$ROOT/bench/tcgprof.py" "$P/kallsyms-all" "$P/out.$2" "$P/out.$1" \
		--per "$N" --top 1000000 --by-insns | awk '
		/\[sonde\]$/ { si += $1 }
		/\[bpf\]$/ { bi += $1 }
		/\(total; samples\)/ { ti = $1; tb = $2 }
		END { printf "%.1f %.1f %.1f %.1f\n", ti, tb, si, bi }'
}
show() {
	echo "== $1 (per call, $N calls)"
	python3 "$ROOT/bench/tcgprof.py" "$P/kallsyms-all" "$P/out.$3" "$P/out.$2" \
		--per "$N" --top "$TOP"
	echo
}
grep '^prof-guest: ' "$P/run.log" | sort -u || true
show "untraced" 1 2
k=1
for s in "$@"; do
	show "$s" $((2 * k + 1)) $((2 * k + 2))
	k=$((k + 1))
done
read -r ui ub _ _ < <(total 1 2)
echo "== added per call (mode $MODE${SUITE:+, $SUITE root}; untraced: $ui insns, $ub blocks)"
echo "     insns   blocks   sonde.ko    BPF  program"
k=1
for s in "$@"; do
	read -r ti tb si bi < <(total $((2 * k + 1)) $((2 * k + 2)))
	awk -v ti="$ti" -v tb="$tb" -v ui="$ui" -v ub="$ub" -v si="$si" -v bi="$bi" -v s="$s" \
		'BEGIN { printf "%10.1f %8.1f %10.1f %6.1f  %s\n", ti - ui, tb - ub, si, bi, s }'
	k=$((k + 1))
done

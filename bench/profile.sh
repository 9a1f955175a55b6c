#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# profile.sh - where a firing's time goes, in the test guest under TCG:
# guest instructions, block entries and sampled time per kernel symbol
# (bench/tcgprof.c, a QEMU plugin), per workload call, untraced and under
# each D program.  `make profile` runs it.
#
#   bench/profile.sh [-m getppid|read|python|pygetppid|pyusdt] [-n CALLS] 'D program'...
#
# Boots the guest (nokaslr, single-threaded TCG) once to learn the
# kernel's symbols (cached per kernel in build/bench/prof/), then once with the
# plugin.  Prints one table per window: untraced, then each program.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
B=$ROOT/build
P=$B/bench/prof
MODE=getppid N=50000 TOP=${PROF_TOP:-25}
while getopts m:n: o; do
	case $o in
	m) MODE=$OPTARG ;;
	n) N=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "usage: $0 [-m getppid|read|python|pygetppid|pyusdt] [-n CALLS] 'D program'..." >&2; exit 2; }

mkdir -p "$P"
gcc -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -pthread \
	-o "$B/bench/tcgprof.so" "$ROOT/bench/tcgprof.c"
cp "$ROOT/bench/prof-guest.sh" "$B/selftests/prof-guest.sh"
cp "$B/bench/bench-load" "$B/selftests/bench-load"
trap 'rm -f "$B/selftests/prof-guest.sh" "$B/selftests/bench-load"' EXIT

export SONDE_GUEST_APPEND=nokaslr SONDE_TCG_THREAD=single
# Symbols are cached per kernel: KDIR names the guest's kernel.
KS=$P/kallsyms.$(basename "$(readlink -f "${KDIR:-default}")")
if [ ! -s "$KS" ]; then
	"$ROOT/selftests/guest/run-guest.sh" --cmd 'grep -v "\[sonde\]" /proc/kallsyms' > "$KS.tmp"
	mv "$KS.tmp" "$KS"
fi
MARK=$(awk '$3 == "__x64_sys_sync" { print $1; exit }' "$KS")
[ -n "$MARK" ] || { echo "profile: no __x64_sys_sync in $KS" >&2; exit 1; }

rm -f "$P"/out*
args=()
for s in "$@"; do args+=("'${s//\'/\'\\\'\'}'"); done
SONDE_QEMU_EXTRA="-plugin $B/bench/tcgprof.so,out=$P/out,mark=$MARK,sample=${PROF_SAMPLE_US:-20}" \
	"$ROOT/selftests/guest/run-guest.sh" \
	--cmd "PROF_MODE=$MODE PROF_N=$N /selftests/sonde/prof-guest.sh ${args[*]}" > "$P/run.log" 2>&1 ||
	{ tail -20 "$P/run.log" >&2; exit 1; }
{ cat "$KS"; sed -n '/^KSYMS-BEGIN/,/^KSYMS-END/p' "$P/run.log"; } > "$P/kallsyms-all"

show() {
	echo "== $1 (per call, $N calls)"
	python3 "$ROOT/bench/tcgprof.py" "$P/kallsyms-all" "$P/out.$3" "$P/out.$2" \
		--per "$N" --top "$TOP"
	echo
}
show "untraced" 1 2
k=1
for s in "$@"; do
	show "$s" $((2 * k + 1)) $((2 * k + 2))
	k=$((k + 1))
done

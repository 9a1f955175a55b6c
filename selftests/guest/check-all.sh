#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-all.sh - the kernel half of `make check`: for each kernel release
# given, the no-`rep stos` check of its module (bench/hotpath-check.sh)
# and the full selftests in a guest booting that kernel (run-guest.sh),
# anonymous tracing across three boots of it (anon-reboot.sh; unless
# SONDE_TESTS names a subset), then, when SONDE_LOCKDOWN_TESTS names
# tests, two more boots of it with
# those tests under kernel lockdown (SONDE_GUEST_LOCKDOWN=integrity, then
# confidentiality), one after the other.  The modules are
# build/kmod/<release>/sonde.ko, which the Makefile builds first.
#
#   check-all.sh RELEASE...
#
# Each run's guest logs are kept in build/guest/<release>/ (lockdown
# runs: build/guest/<release>/lockdown-<level>/).  The output ends with
# one line per run and then the total as the runner's own "N passed, N
# failed" (CI reads the last line).  Exit status 0 only if every run
# passed.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
B=$ROOT/build
[ $# -gt 0 ] || { echo "check-all: no kernel releases given" >&2; exit 2; }

kdir_of() {
	local d
	for d in "/lib/modules/$1/build" "/usr/src/linux-headers-$1"; do
		[ -e "$d/Makefile" ] && { echo "$d"; return; }
	done
}

tp=0 tf=0 ts=0 rc=0
lines=()

# One guest run of kernel $1's module: logs to $2, "$3" names it in the
# summary lines; the environment says what to run.
run_one() {
	local rel=$1 log=$2 what=$3 r last
	mkdir -p "$log"
	KDIR=$(kdir_of "$rel") SONDE_KO=$B/kmod/$rel/sonde.ko \
		"$ROOT/selftests/guest/run-guest.sh" | tee "$log/summary.log"
	r=${PIPESTATUS[0]}
	for f in console.log results.log dmesg.log; do
		[ -e "$B/guest/$f" ] && cp "$B/guest/$f" "$log/$f"
	done
	last=$(tail -n 1 "$log/summary.log")
	if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
		tp=$((tp + BASH_REMATCH[1]))
		tf=$((tf + BASH_REMATCH[2]))
		ts=$((ts + ${BASH_REMATCH[4]:-0}))
	else
		tf=$((tf + 1))
		last="no summary (runner exit status $r)"
	fi
	[ "$r" = 0 ] || rc=1
	lines+=("# $what: $last$([ "$r" = 0 ] || echo " -- FAILED, logs in $log")")
}

# Anonymous tracing across boots (anon-reboot.sh) of kernel $1's module,
# its logs kept in build/guest/<release>/anon-reboot/.
run_reboot() {
	local rel=$1 log=$B/guest/$1/anon-reboot r last
	mkdir -p "$log"
	KDIR=$(kdir_of "$rel") SONDE_KO=$B/kmod/$rel/sonde.ko \
		"$ROOT/selftests/guest/anon-reboot.sh" | tee "$log/summary.log"
	r=${PIPESTATUS[0]}
	cp "$B"/guest/anon-reboot/boot*.* "$log/" 2>/dev/null
	last=$(tail -n 1 "$log/summary.log")
	if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
		tp=$((tp + BASH_REMATCH[1]))
		tf=$((tf + BASH_REMATCH[2]))
	else
		tf=$((tf + 1))
		last="no summary (exit status $r)"
	fi
	[ "$r" = 0 ] || rc=1
	lines+=("# $rel anon-reboot: $last$([ "$r" = 0 ] || echo " -- FAILED, logs in $log")")
}

for rel in "$@"; do
	ko=$B/kmod/$rel/sonde.ko
	echo "# ==== kernel $rel ===="
	if ! "$ROOT/bench/hotpath-check.sh" "$ko"; then
		lines+=("# $rel: hotpath-check failed")
		rc=1
	fi
	run_one "$rel" "$B/guest/$rel" "$rel"
	if [ -z "${SONDE_TESTS:-}" ]; then
		echo "# ==== kernel $rel, anonymous tracing across boots ===="
		run_reboot "$rel"
	fi
	[ -n "${SONDE_LOCKDOWN_TESTS:-}" ] || continue
	for level in integrity confidentiality; do
		echo "# ==== kernel $rel, lockdown=$level ===="
		SONDE_GUEST_LOCKDOWN=$level SONDE_TESTS=$SONDE_LOCKDOWN_TESTS \
			run_one "$rel" "$B/guest/$rel/lockdown-$level" \
			"$rel lockdown=$level"
	done
done

echo
echo "# kernels:"
printf '%s\n' "${lines[@]}"
total="$tp passed, $tf failed"
[ "$ts" -eq 0 ] || total+=", $ts skipped"
# A run that failed with no failed test (a kernel splat, a timeout) says
# so on its kernel's line above; the exit status carries it, as the
# runner's own does.
echo "$total"
exit "$rc"

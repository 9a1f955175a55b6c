#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# anon-reboot.sh - anonymous (boot-time) tracing across real boots: three
# boots of the test guest on one disk image (run-guest.sh with
# SONDE_GUEST_DISK, and SONDE_GUEST_PERSIST: the guest's /init puts back
# the /etc the disk holds before it loads sonde.ko, as a root file
# system would be there).
#
#   1. sonde -A saves boot.d (an exec-success tracer) in its default
#      place, /etc/sonde/anonymous.img, with the module loading of
#      /etc/modules-load.d/sonde.conf; /etc is saved on the disk.
#   2. The module, loaded by /init, starts it by itself; the boot runs
#      programs (loop-getppid twice); sonde -a claims the state and prints
#      them (BEGIN's line first).  sonde -A alone then removes the saved
#      enabling, and /etc is saved again.
#   3. The module loads with no anonymous state: no kernel log line about
#      one, and sonde -a says there is none.
#
# Environment as run-guest.sh's (KDIR, SONDE_KO...).  Output: each
# boot's output, then one KTAP line per check and, last, "N passed, N
# failed".  Exit status 0 only if every boot and every check passed.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/selftests/guest
B=$ROOT/build
W=$B/guest/anon-reboot
rm -rf "$W"
mkdir -p "$W"

# one lock for the three boots: no other guest between them
if [ "${SONDE_GUEST_LOCK_HELD:-}" != 1 ]; then
	exec {lock}>"${SONDE_GUEST_LOCK:-/tmp/sonde-guest.lock}"
	flock "$lock"
	export SONDE_GUEST_LOCK_HELD=1
fi

export SONDE_GUEST_DISK=$W/disk.img SONDE_GUEST_PERSIST=1
export SONDE_GUEST_EXTRA=$HERE/anon-reboot

n=0 fail=0 rc=0
check() {	# NAME STATUS
	n=$((n + 1))
	if [ "$2" -eq 0 ]; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		fail=$((fail + 1))
	fi
}

boot() {	# N CMD
	echo "# ==== boot $1 ===="
	"$HERE/run-guest.sh" --cmd "$2" > "$W/boot$1.out" 2>&1
	local r=$?
	sed 's/^/#   /' "$W/boot$1.out"
	cp "$B/guest/dmesg.log" "$W/boot$1.dmesg" 2>/dev/null
	[ $r -eq 0 ] || rc=1
	return $r
}

boot 1 'sonde -A -s /extra/boot.d &&
	tar -cf /dev/vda -C / etc/sonde etc/modules-load.d && sync &&
	echo "boot 1: saved"'
check "boot1_saves_the_enabling" $?
grep -qx 'sonde: saved anonymous enabling in /etc/sonde/anonymous.img' \
	"$W/boot1.out"
check "boot1_says_saved_as_dtrace" $?

boot 2 'echo "module: $(dmesg | grep -o "sonde: anonymous enabling .* started")"
	loop-getppid 1
	loop-getppid 1
	sonde -a > /tmp/a.out 2> /tmp/a.err &
	p=$!
	i=0
	while [ "$(grep -c "exec loop-getppid" /tmp/a.out)" -lt 2 ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -INT $p
	wait $p
	echo "sonde -a: exit status $?"
	sed "s/^/a: /" /tmp/a.out
	sed "s/^/a-err: /" /tmp/a.err
	sonde -A && tar -cf /dev/vda -C / etc/sonde etc/modules-load.d && sync &&
	echo "boot 2: removed"'
check "boot2_runs" $?
grep -q '^module: sonde: anonymous enabling /etc/sonde/anonymous.img started' \
	"$W/boot2.out"
check "boot2_module_started_the_enabling_at_load" $?
[ "$(grep '^a: ' "$W/boot2.out" | head -n 1)" = "a: begin" ]
check "boot2_sonde_a_prints_begin_first" $?
[ "$(grep -cx 'a: exec loop-getppid' "$W/boot2.out")" = 2 ]
check "boot2_sonde_a_prints_the_programs_the_boot_ran" $?
grep -qx 'sonde -a: exit status 0' "$W/boot2.out" &&
	! grep -q '^a-err: ' "$W/boot2.out"
check "boot2_sonde_a_ends_cleanly" $?
grep -qx 'sonde: cleaned up old anonymous enabling in /etc/sonde/anonymous.img' \
	"$W/boot2.out" &&
	grep -qx 'sonde: cleaned up forceload directives in /etc/modules-load.d/sonde.conf' \
	"$W/boot2.out"
check "boot2_sonde_A_alone_cleans_up" $?

boot 3 'echo "anonymous lines: $(dmesg | grep -c "sonde: anonymous")"
	ls /etc/sonde /etc/modules-load.d
	sonde -a
	echo "sonde -a: exit status $?"'
check "boot3_runs" $?
grep -qx 'anonymous lines: 0' "$W/boot3.out"
check "boot3_module_has_no_anonymous_state" $?
grep -qx 'sonde: could not enable tracing: No anonymous tracing state' \
	"$W/boot3.out" && grep -qx 'sonde -a: exit status 1' "$W/boot3.out"
check "boot3_sonde_a_finds_none" $?

echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ] && [ $rc -eq 0 ]

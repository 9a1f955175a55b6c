#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_cli.sh - the sonde command end to end, in the test guest (root,
# sonde.ko loaded, sonde and loop-getppid in PATH, busybox sh): what is
# about the command and the process around it (timing, signals, kill -9
# and rmmod, -l listings, -o, the deadman).  What a D program prints is
# tested by the D behaviour tests (dtests/, test_dtests.sh).
#
# Output is checked on stdout only; stderr (where "sonde: description ...
# matched N probes" goes) is shown as diagnostics when a test fails.
# Every command runs under a timeout so a hang fails the test, not the run.

cd "$(dirname "$0")" || exit 1
. ./ktap_helpers.sh

SONDE=${SONDE:-sonde}
KO=${SONDE_KO:-/sonde.ko}
# The helper: at / in the sonde guest, next to this script in a kernel tree.
LOOP=/loop-getppid
[ -x "$LOOP" ] || LOOP=$PWD/loop-getppid
T=$(mktemp -d /tmp/test_cli.XXXXXX)
trap 'rm -rf "$T"' EXIT

# (c) every syscall counted for a second: exits by itself within ~10 s and
# prints rows "name count" with a positive count.
test_syscall_tick() {
	t0=$(date +%s)
	run 30 "$SONDE" -qn 'syscall:::entry { @[probefunc] = count(); } tick-1sec { exit(0); }'
	t1=$(date +%s)
	rows=$(grep -Ec '^ *[A-Za-z_][A-Za-z0-9_]* +[1-9][0-9]*$' "$T/out")
	if [ "$rc" -eq 0 ] && [ $((t1 - t0)) -le 10 ] && [ "$rows" -ge 1 ]; then
		ktap_diag "$rows syscall rows in $((t1 - t0)) s"
		return 0
	fi
	ktap_diag "want exit status 0 within 10 s (took $((t1 - t0)) s) and rows 'syscall count' (got $rows)"
	show
	return 1
}

# Probe sites armed anywhere in the kernel, as tracefs/debugfs list them:
# all kprobes (register_kprobe() ones too) and ftrace-enabled functions.
armed() {
	cat /sys/kernel/debug/kprobes/list 2>/dev/null
	cat /sys/kernel/tracing/enabled_functions 2>/dev/null
}

# (d) kill -9 of a tracing sonde: everything is disarmed and freed by the
# fd's release, so the module's refcount drops to 0, rmmod works and
# insmod works again.  Leaves sonde.ko loaded whatever happens.
test_kill9_rmmod() {
	ok=0
	armed > "$T/armed.before"
	"$SONDE" -qn 'syscall:::entry { @[probefunc] = count(); }' > "$T/out" 2> "$T/err" < /dev/null &
	pid=$!
	sleep 1
	if ! kill -0 "$pid" 2>/dev/null; then
		wait "$pid"
		rc=$?
		ktap_diag "sonde exited before it could be killed"
		show
		ok=1
	fi
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	armed > "$T/armed.after"
	if ! cmp -s "$T/armed.before" "$T/armed.after"; then
		ktap_diag "probe sites still armed after kill -9 (before vs after):"
		diff "$T/armed.before" "$T/armed.after" | head -n 20 | sed 's/^/#   /'
		ok=1
	fi
	refs=$(awk '$1 == "sonde" { print $3 }' /proc/modules)
	if [ "$refs" != 0 ]; then
		ktap_diag "sonde.ko refcount is '$refs' after its only user died, want 0"
		ok=1
	fi
	if ! rmmod sonde 2> "$T/err"; then
		ktap_diag "rmmod sonde failed:"
		ktap_diag_file "$T/err"
		ok=1
	elif [ -e /dev/sonde ]; then
		ktap_diag "/dev/sonde still exists after rmmod"
		ok=1
	fi
	if ! grep -q '^sonde ' /proc/modules; then
		if ! insmod "$KO" 2> "$T/err"; then
			ktap_diag "insmod $KO after rmmod failed:"
			ktap_diag_file "$T/err"
			ok=1
		fi
	fi
	# The reloaded module works: a trivial trace runs.
	run 30 "$SONDE" -qn 'BEGIN { exit(0); }'
	if [ "$rc" -ne 0 ]; then
		ktap_diag "sonde after reloading the module:"
		show
		ok=1
	fi
	return $ok
}

# (f) -l: dtrace's header ("%5s %10s %17s %33s %s") and one row per probe,
# filtered by -n / -f descriptions; no match is an error message, status 0.
test_list() {
	run 30 "$SONDE" -l -f getppid
	if [ "$rc" -eq 0 ] &&
	   [ "$(sed -n 1p "$T/out")" = "   ID   PROVIDER            MODULE                          FUNCTION NAME" ] &&
	   [ "$(wc -l < "$T/out")" -eq 3 ] &&
	   sed -n 2p "$T/out" | grep -Eq '^ +[0-9]+ +syscall +getppid entry$'; then
		run 30 "$SONDE" -l -n 'nosuch:::'
		if [ "$rc" -eq 0 ] && grep -q 'No probe matches description' "$T/err"; then
			return 0
		fi
	fi
	ktap_diag "want the probe listing"
	show
	return 1
}

# The kernel sites only files name, read by the CLI and offered to the
# module (which reads no files): fbt::vfs_read: lists its entry and return
# probes, a tracepoint its event system, and a name no file lists nothing.
test_list_kernel_sites() {
	ok=1
	run 60 "$SONDE" -l -n 'fbt::vfs_read:'
	if [ "$rc" -eq 0 ] && [ "$(wc -l < "$T/out")" -eq 3 ] &&
	   grep -Eq '^ +[0-9]+ +fbt +vmlinux +vfs_read entry$' "$T/out" &&
	   grep -Eq '^ +[0-9]+ +fbt +vmlinux +vfs_read return$' "$T/out"; then
		run 60 "$SONDE" -l -n 'tracepoint:::sched_process_fork'
		if [ "$rc" -eq 0 ] &&
		   grep -Eq '^ +[0-9]+ +tracepoint +sched +sched_process_fork$' "$T/out"; then
			run 60 "$SONDE" -l -n 'fbt::no_such_function_at_all:entry'
			grep -q "No probe matches description" "$T/err" && ok=0
		fi
	fi
	[ "$ok" = 0 ] && return 0
	ktap_diag "want vfs_read's fbt probes, sched_process_fork in sched, and no probe for a function no file lists"
	show
	return 1
}

# The module remembers that a description's fbt functions were all
# offered, so a second run reads no file; a kernel module loading makes
# it forget.  cordic_* names no function while cordic is out, twice; once
# it is loaded the same listing finds cordic_calc_iq, and once it is gone
# again nothing.  2 (skip) without cordic.ko in the guest.
test_fbt_module_loads() {
	ko=/lib/modules/kernel/lib/math/cordic.ko
	[ -r "$ko" ] || return 2
	rmmod cordic 2>/dev/null
	for i in 1 2; do
		run 60 "$SONDE" -l -n 'fbt::cordic_*:entry'
		if ! grep -q "No probe matches" "$T/err"; then
			ktap_diag "run $i without cordic loaded: want no probe"
			show
			return 1
		fi
	done
	insmod "$ko" || { ktap_diag "insmod $ko failed"; return 1; }
	run 60 "$SONDE" -l -n 'fbt::cordic_*:entry'
	if [ "$rc" -ne 0 ] ||
	   ! grep -Eq '^ +[0-9]+ +fbt +cordic +cordic_calc_iq entry$' "$T/out"; then
		rmmod cordic
		ktap_diag "cordic loaded: want fbt:cordic:cordic_calc_iq:entry"
		show
		return 1
	fi
	rmmod cordic
	run 60 "$SONDE" -l -n 'fbt::cordic_*:entry'
	if ! grep -q "No probe matches" "$T/err"; then
		ktap_diag "cordic unloaded again: want no probe"
		show
		return 1
	fi
	return 0
}

# (g) -P with a clause and -o FILE: the output goes to the file.
test_provider_ofile() {
	rm -f "$T/o"
	run 30 "$SONDE" -q -o "$T/o" -P 'dtrace /probename == "BEGIN"/ { printf("%s\n", probename); exit(0); }'
	printf 'BEGIN\n\n' > "$T/want"
	if [ "$rc" -eq 0 ] && [ ! -s "$T/out" ] && cmp -s "$T/o" "$T/want"; then
		return 0
	fi
	ktap_diag "want BEGIN in the -o file"
	ktap_diag_file "$T/o"
	show
	return 1
}

# (h) ^C: SIGINT during a trace stops it, prints the aggregations, exits 0.
test_sigint() {
	"$SONDE" -qn 'tick-10ms { @ticks = count(); }' > "$T/out" 2> "$T/err" &
	_pid=$!
	sleep 2
	kill -INT "$_pid"
	wait "$_pid"
	rc=$?
	if [ "$rc" -eq 0 ] && grep -Eq '^ +[0-9]+$' "$T/out"; then
		return 0
	fi
	ktap_diag "want exit status 0 and @ticks after SIGINT"
	show
	return 1
}

# The deadman: a sonde stopped with SIGSTOP stops draining; the module
# aborts its enabling within the deadman time (here 1 s), disarms it, and
# when sonde runs again it says why and exits 1.
test_deadman() {
	"$SONDE" -x deadman=1000 -qn 'syscall:::entry { @[probefunc] = count(); }' \
		> "$T/out" 2> "$T/err" < /dev/null &
	pid=$!
	sleep 1
	kill -STOP "$pid"
	sleep 3
	armed_while_stopped=$(grep -c sonde /sys/kernel/debug/kprobes/list 2>/dev/null)
	kill -CONT "$pid"
	timeout -s KILL 20 sh -c "while kill -0 $pid 2>/dev/null; do sleep 0.2; done"
	wait "$pid"
	rc=$?
	if [ "$rc" -eq 1 ] &&
	   grep -q 'processing aborted: Abort due to systemic unresponsiveness' "$T/err" &&
	   dmesg | grep -q "sonde: consumer pid $pid aborted"; then
		return 0
	fi
	ktap_diag "want exit status 1, the abort message and the kernel's note (armed kprobes while stopped: $armed_while_stopped)"
	show
	return 1
}

# -l -v: each probe's line, then print_probe_info()'s attributes and
# argument types (dtrace.c), here for proc:::exit (Evolving/Evolving/ISA,
# args[0] an int).
test_list_verbose() {
	run 60 "$SONDE" -lv -n 'proc:::exit'
	{
		printf '%5s %10s %17s %33s %s\n' ID PROVIDER MODULE FUNCTION NAME
		sed -n 2p "$T/out"
		for what in 'Probe Description Attributes' 'Argument Attributes'; do
			printf '\n\t%s\n' "$what"
			printf '\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: ISA\n'
		done
		printf '\n\tArgument Types\n\t\targs[0]: int\n\n'
	} > "$T/want"
	if [ "$rc" -eq 0 ] &&
	   sed -n 2p "$T/out" | grep -Eq '^ *[0-9]+ +proc +exit$' &&
	   cmp -s "$T/want" "$T/out"; then
		return 0
	fi
	ktap_diag "want the probe line and dtrace's -lv block:"
	ktap_diag_file "$T/want"
	show
	return 1
}

# tick-N probes made on demand go away with the sonde that listed or
# enabled them (issue 29): after 40 listings of new names and one trace
# of another, `sonde -l` lists as many tick probes as before.
test_tick_probes_freed() {
	run 60 "$SONDE" -l -n 'profile:::tick-*'
	before=$(wc -l < "$T/out")
	i=0
	while [ $i -lt 40 ]; do
		"$SONDE" -l -n "tick-$((9001 + i))ms" > /dev/null 2>&1 || break
		i=$((i + 1))
	done
	run 60 "$SONDE" -qn 'tick-4321ms { } BEGIN { exit(0); }'
	rc1=$rc
	run 60 "$SONDE" -l -n 'profile:::tick-*'
	if [ "$i" -eq 40 ] && [ "$rc1" -eq 0 ] && [ "$rc" -eq 0 ] &&
	   [ "$before" -gt 1 ] && [ "$(wc -l < "$T/out")" -eq "$before" ]; then
		return 0
	fi
	ktap_diag "want 40 listings, a trace, then $before lines of tick probes"
	show
	return 1
}

# Oracle's probes and their argument types (issue 31): sched, proc and io
# probes that need no tracepoint, lockstat, ip, tcp, udp, and cpc's
# listed events.
test_list_oracle_probes() {
	ok=0
	run 60 "$SONDE" -l -P lockstat
	names=$(awk 'NR > 1 { print $NF }' "$T/out" | sort | tr '\n' ' ')
	want='adaptive-acquire adaptive-acquire-error adaptive-block adaptive-release adaptive-spin rw-acquire rw-release rw-spin spin-acquire spin-release spin-spin '
	if [ "$rc" -ne 0 ] || [ "$names" != "$want" ]; then
		ktap_diag "lockstat's probes: got '$names', want '$want'"
		ok=1
	fi
	for pw in 'ip|receive send ' \
		  'tcp|accept-established accept-refused connect-established connect-refused connect-request receive send state-change ' \
		  'udp|receive send '; do
		run 60 "$SONDE" -l -P "${pw%%|*}"
		names=$(awk 'NR > 1 { print $NF }' "$T/out" | sort | tr '\n' ' ')
		if [ "$rc" -ne 0 ] || [ "$names" != "${pw#*|}" ]; then
			ktap_diag "${pw%%|*}'s probes: got '$names', want '${pw#*|}'"
			ok=1
		fi
	done
	for spec in 'sched:::enqueue|args[0]: lwpsinfo_t *|args[1]: psinfo_t *|args[2]: cpuinfo_t *' \
		    'sched:::dequeue|args[2]: cpuinfo_t *|args[3]: int' \
		    'sched:::change-pri|args[1]: psinfo_t *|args[2]: int' \
		    'proc:::exec|args[0]: string' \
		    'proc:::signal-discard|args[0]: lwpsinfo_t *|args[2]: int' \
		    'io:::wait-done|args[0]: bufinfo_t *|args[2]: fileinfo_t *' \
		    'lockstat:::rw-spin|args[0]: rwlock_t *|args[1]: uint64_t|args[2]: int' \
		    'lockstat:::adaptive-block|args[0]: struct mutex *' \
		    'ip:::send|args[0]: pktinfo_t *|args[2]: ipinfo_t *|args[3]: ifinfo_t *|args[5]: ipv6info_t *' \
		    'tcp:::state-change|args[1]: csinfo_t *|args[3]: tcpsinfo_t *|args[5]: tcplsinfo_t *' \
		    'tcp:::send|args[2]: ipinfo_t *|args[4]: tcpinfo_t *' \
		    'udp:::receive|args[3]: udpsinfo_t *|args[4]: udpinfo_t *'; do
		desc=${spec%%|*}
		run 60 "$SONDE" -lv -n "$desc"
		rest=${spec#*|}
		while [ -n "$rest" ]; do
			line=${rest%%|*}
			[ "$rest" = "$line" ] && rest= || rest=${rest#*|}
			if ! grep -qxF "		$line" "$T/out"; then
				ktap_diag "$desc: no line '$line'"
				show
				ok=1
			fi
		done
	done
	run 60 "$SONDE" -l -P cpc
	for name in cpu_clock-all-1000000000 perf_count_sw_cpu_clock-all-1000000000 \
		    perf_count_sw_task_clock-all-1000000000 \
		    context_switches-all-1000000000; do
		if ! grep -Eq " cpc +$name\$" "$T/out"; then
			ktap_diag "sonde -l -P cpc does not list $name"
			show
			ok=1
		fi
	done
	return $ok
}

# cpc probes made on demand go away with the sonde that listed or
# enabled them, as tick-N's: after 40 listings of new counts and one
# trace of another, `sonde -l -P cpc` lists as many probes as before.
test_cpc_probes_freed() {
	run 60 "$SONDE" -l -P cpc
	before=$(wc -l < "$T/out")
	i=0
	while [ $i -lt 40 ]; do
		"$SONDE" -l -n "cpc:::cpu_clock-all-$((200000 + i))" > /dev/null 2>&1 || break
		i=$((i + 1))
	done
	run 60 "$SONDE" -qn 'cpc:::cpu_clock-user-4321000 { } BEGIN { exit(0); }'
	rc1=$rc
	run 60 "$SONDE" -l -P cpc
	if [ "$i" -eq 40 ] && [ "$rc1" -eq 0 ] && [ "$rc" -eq 0 ] &&
	   [ "$before" -gt 1 ] && [ "$(wc -l < "$T/out")" -eq "$before" ]; then
		return 0
	fi
	ktap_diag "want 40 listings, a trace, then $before lines of cpc probes"
	show
	return 1
}

ktap_header 12
test_syscall_tick; ktap_result cli_syscall_entry_tick_exit $?
test_kill9_rmmod; ktap_result cli_kill9_then_rmmod_insmod $?
test_list; ktap_result cli_list_probes $?
test_list_kernel_sites; ktap_result cli_list_kernel_sites $?
test_fbt_module_loads; r=$?
if [ "$r" -eq 2 ]; then
	ktap_skip cli_fbt_offered_until_module_loads "no cordic.ko in the guest"
else
	ktap_result cli_fbt_offered_until_module_loads "$r"
fi
test_provider_ofile; ktap_result cli_provider_and_output_file $?
test_sigint; ktap_result cli_sigint_prints_aggregations $?
test_deadman; ktap_result cli_deadman_sigstop $?
test_list_verbose; ktap_result cli_list_verbose $?
test_tick_probes_freed; ktap_result cli_tick_probes_freed $?
test_list_oracle_probes; ktap_result cli_list_oracle_probes $?
test_cpc_probes_freed; ktap_result cli_cpc_probes_freed $?
ktap_finish

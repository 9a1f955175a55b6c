#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_dsem.sh - D as DTrace runs it, in the test guest (root, sonde.ko
# loaded, sonde and loop-getppid in PATH, busybox sh): speculations and
# their counts, the kernel's side of strings and built-ins, aggregations,
# the default output, destructive actions, options.  Each test states the
# DTrace behaviour it checks; output is compared exactly where DTrace's is
# known to the byte.

cd "$(dirname "$0")" || exit 1
. ./ktap_helpers.sh

SONDE=${SONDE:-sonde}
LOOP=/loop-getppid
[ -x "$LOOP" ] || LOOP=$PWD/loop-getppid
WRITE=/write-known
[ -x "$WRITE" ] || WRITE=$PWD/write-known
KD=/sys/module/sonde/parameters/kernel_destructive
T=$(mktemp -d /tmp/test_dsem.XXXXXX)
trap 'rm -rf "$T"' EXIT

# want_out TEXT: stdout is exactly TEXT (printf-style escapes).
want_out() {
	# shellcheck disable=SC2059
	printf "$1" > "$T/want"
	cmp -s "$T/want" "$T/out"
}

# ---- speculations -----------------------------------------------------

# nspec (1) speculations: the second and third speculation() get 0, and
# DTrace reports them as failed speculations, none busy.
test_spec_unavailable() {
	run 30 "$SONDE" -qn 'BEGIN { a = speculation(); b = speculation();
		c = speculation(); printf("%d %d %d\n", a, b, c); exit(0); }'
	if [ "$rc" -eq 0 ] && want_out '1 0 0\n\n' &&
	   grep -q '^sonde: 2 failed speculations (no speculative buffer available)$' "$T/err" &&
	   ! grep -q busy "$T/err"; then
		return 0
	fi
	ktap_diag "want '1 0 0' and '2 failed speculations (no speculative buffer available)'"
	show
	return 1
}

# speculate(), commit(), discard() of id 0, and of a speculation never
# claimed, do nothing: the speculated clause's data is dropped without a
# count or an error, the rest runs.
test_spec_zero_inactive() {
	run 30 "$SONDE" -qn 'BEGIN { speculate(0); printf("lost 0\n"); }
		BEGIN { speculate(1); printf("lost 1\n"); }
		BEGIN { commit(0); } BEGIN { discard(0); } BEGIN { commit(1); }
		BEGIN { discard(1); } BEGIN { printf("ok\n"); exit(0); }'
	if [ "$rc" -eq 0 ] && want_out 'ok\n\n' && [ ! -s "$T/err" ]; then
		return 0
	fi
	ktap_diag "want only 'ok', no error and no drop"
	show
	return 1
}

# An id above nspec is an illegal operation (dtrace_speculation_buffer()).
test_spec_badid() {
	run 30 "$SONDE" -qn 'BEGIN { speculate(2); printf("lost\n"); }
		BEGIN { exit(0); }'
	if [ "$rc" -eq 0 ] && want_out '\n' &&
	   grep -Eq 'dtrace:::BEGIN\): illegal operation in action #1' "$T/err"; then
		return 0
	fi
	ktap_diag "want 'illegal operation in action #1'"
	show
	return 1
}

# A committed speculation is free again: a second commit() of its id does
# nothing, and the next speculation() gets the id back.
test_spec_commit_twice() {
	run 30 "$SONDE" -qn 'BEGIN { s = speculation(); }
		BEGIN { speculate(s); printf("one %d\n", s); }
		BEGIN { commit(s); } BEGIN { commit(s); }
		BEGIN { t = speculation(); }
		BEGIN { speculate(t); printf("two %d\n", t); }
		BEGIN { commit(t); } BEGIN { discard(t); exit(0); }'
	if [ "$rc" -eq 0 ] && want_out 'one 1\ntwo 1\n\n' && [ ! -s "$T/err" ]; then
		return 0
	fi
	ktap_diag "want 'one 1', 'two 1' and nothing on stderr"
	show
	return 1
}

# Records that do not fit a speculation's buffer (specsize) are speculative
# drops, counted when the speculation is committed: what is printed and
# what is dropped add up to the 100 getppid() calls.
test_spec_drops_commit() {
	run 60 "$SONDE" -q -x specsize=4096 -n 'BEGIN { s = speculation(); }
		syscall::getppid:entry /pid == $target/ { speculate(s);
		printf("%s\n", execname); } END { commit(s); }' -c "$LOOP 100"
	printed=$(grep -c '^loop-getppid$' "$T/out")
	dropped=$(sed -n 's/^sonde: \([0-9]*\) speculative drops*$/\1/p' "$T/err")
	if [ "$rc" -eq 0 ] && [ -n "$dropped" ] && [ "$dropped" -gt 0 ] &&
	   [ $((printed + dropped)) -eq 100 ]; then
		return 0
	fi
	ktap_diag "want printed ($printed) + speculative drops ($dropped) = 100"
	show
	return 1
}

# ... and discarded, they are not counted at all.
test_spec_drops_discard() {
	run 60 "$SONDE" -q -x specsize=4096 -n 'BEGIN { s = speculation(); }
		syscall::getppid:entry /pid == $target/ { speculate(s);
		printf("%s\n", execname); } END { discard(s); }' -c "$LOOP 100"
	if [ "$rc" -eq 0 ] && want_out '\n' && ! grep -q drop "$T/err"; then
		return 0
	fi
	ktap_diag "want no output and no drop"
	show
	return 1
}

# ---- strings and built-ins in the kernel ------------------------------

# DTrace's NULL string: printing what strstr() did not find is a load
# from address 0.
test_null_string() {
	run 30 "$SONDE" -qn 'BEGIN { trace(strstr("abc", "z")); }
		BEGIN { printf("%s|%s|%d\n", strtok("a,b", ","),
		strtok(NULL, ","), index("abc", "z")); exit(0); }'
	if [ "$rc" -eq 0 ] && want_out 'a|b|-1\n\n' &&
	   grep -Eq 'dtrace:::BEGIN\): invalid address \(0x0\) in action #1 at DIF offset [0-9]+$' "$T/err"; then
		return 0
	fi
	ktap_diag "want 'a|b|-1' and 'invalid address (0x0)'"
	show
	return 1
}

# progenyof(): every process descends from init; BEGIN fires in sonde
# itself, so $pid (sonde's own pid, as dtrace's) is its pid, and $target
# without -c or -p is 0.  ipl: 0 in a thread, 2 in tick-N's hardirq.
test_builtins() {
	run 30 "$SONDE" -qn 'BEGIN { printf("%d %d %d %d %d\n", progenyof(1),
		progenyof($pid), $pid == pid, $target, ipl); }
		tick-10ms { @[ipl] = count(); } tick-10ms /i++ == 3/ { exit(0); }'
	if [ "$rc" -eq 0 ] && head -1 "$T/out" | grep -q '^1 1 1 0 0$' &&
	   grep -Eq '^ +2 +[0-9]+$' "$T/out"; then
		return 0
	fi
	ktap_diag "want '1 1 1 0 0' and ipl 2 in tick-10ms"
	show
	return 1
}

# ---- aggregations and exit() ----------------------------------------

# llquantize() of values <= 0, as DTrace's: rows -4 to 8 around the zero
# bucket, labelled "0" (factor^low is 1).
test_llquantize_negative() {
	run 30 "$SONDE" -qn 'BEGIN { @ = llquantize(-3, 10, 0, 2, 10);
		@ = llquantize(0, 10, 0, 2, 10); @ = llquantize(7, 10, 0, 2, 10);
		exit(0); }'
	{
		printf '\n\n%16s %41s %-9s\n' value \
		    '------------- Distribution -------------' count
		for v in -4 -3 -2 -1 0 1 2 3 4 5 6 7 8; do
			case $v in
			-3|0|7) printf '%16s |%-40s %-9s\n' "$v" \
			    '@@@@@@@@@@@@@' 1 ;;
			*) printf '%16s |%-40s %-9s\n' "$v" '' 0 ;;
			esac
		done
		printf '\n'
	} > "$T/want"
	if [ "$rc" -eq 0 ] && cmp -s "$T/want" "$T/out"; then
		return 0
	fi
	ktap_diag "want DTrace's llquantize rows -4 .. 8"
	show
	diff "$T/want" "$T/out" | sed 's/^/#   /'
	return 1
}

# printa(): a width before the '@' ("%5@d") as dt_printf_create() reads it.
test_printa_width() {
	run 30 "$SONDE" -qn 'BEGIN { @a["x"] = count(); @a["x"] = count();
		printa("%s[%5@d]", @a); printa("[%-4@d]\n", @a); exit(0); }'
	if [ "$rc" -eq 0 ] && want_out 'x[    2][2   ]\n\n'; then
		return 0
	fi
	ktap_diag "want 'x[    2][2   ]'"
	show
	return 1
}

# exit() in END overrides the status of an earlier exit() (dtrace's
# chewrec() takes every exit record's).
test_exit_in_end() {
	run 30 "$SONDE" -qn 'BEGIN { exit(1); } END { exit(3); }'
	if [ "$rc" -eq 3 ]; then
		return 0
	fi
	ktap_diag "want exit status 3"
	show
	return 1
}

# ---- the default output ------------------------------------------------

# The consumer's own execname is "dtrace", as under DTrace, so scripts
# that leave the tracer out (/execname != "dtrace"/) do; others keep theirs.
test_execname_consumer() {
	run 60 "$SONDE" -qn 'BEGIN { printf("%s\n", execname); }
		syscall::getppid:entry /pid == $target/ {
		@[execname] = count(); }' -c "$LOOP 3"
	if [ "$rc" -eq 0 ] && [ "$(head -1 "$T/out")" = dtrace ] &&
	   grep -Eq '^  loop-getppid +3$' "$T/out"; then
		return 0
	fi
	ktap_diag "want 'dtrace' in BEGIN and loop-getppid counted 3"
	show
	return 1
}

# umod(), usym(), uaddr() of the user PC, after chew()'s columns: each
# "  %-50s" (dt_print_umod() and friends), then chewrec()'s newline.
test_sym_actions() {
	run 60 "$SONDE" -n 'syscall::getppid:entry /pid == $target && !done/ {
		umod(uregs[R_PC]); usym(uregs[R_PC]); uaddr(uregs[R_PC]);
		done = 1; } tick-1s { exit(0); }' -c "$LOOP 100000000"
	line=$(grep getppid:entry "$T/out")
	rest=${line#*getppid:entry }
	if [ "$rc" -eq 0 ] &&
	   echo "$line" | grep -Eq '^ +[0-9]+ +[0-9]+ +getppid:entry   ' &&
	   [ "$(printf '%s' "$rest" | cut -c1-52)" = "$(printf '  %-50s' loop-getppid)" ] &&
	   printf '%s' "$rest" | cut -c53-104 | grep -Eq '^  loop-getppid`[a-z_]+ *$' &&
	   printf '%s' "$rest" | cut -c105- | grep -Eq '^  loop-getppid`[a-z_]+\+0x[0-9a-f]+ *$'; then
		return 0
	fi
	ktap_diag "want '  %-50s' loop-getppid, loop-getppid\`func, loop-getppid\`func+0xoff"
	show
	return 1
}

# ---- destructive actions ----------------------------------------------

# Without -w: dtrace's "could not enable tracing: Destructive actions not
# allowed", and nothing runs.
test_destructive_refused() {
	run 30 "$SONDE" -n 'BEGIN { system("echo ran"); exit(0); }'
	if [ "$rc" -eq 1 ] && ! grep -q ran "$T/out" &&
	   grep -q '^sonde: could not enable tracing: Destructive actions not allowed$' "$T/err"; then
		return 0
	fi
	ktap_diag "want 'could not enable tracing: Destructive actions not allowed'"
	show
	return 1
}

# system() runs the command after what was printed before it; -w says
# "allowing destructive actions" as dtrace does.
test_system() {
	run 30 "$SONDE" -w -qn 'BEGIN { printf("first\n");
		system("echo hello %d %s", 42, "there"); exit(0); }'
	if [ "$rc" -eq 0 ] && want_out 'first\nhello 42 there\n\n'; then
		return 0
	fi
	ktap_diag "want 'first', 'hello 42 there'"
	show
	return 1
}

# freopen(file) sends the output there, freopen("") brings it back.
test_freopen() {
	rm -f "$T/f.out"
	run 30 "$SONDE" -w -qn "BEGIN { printf(\"before\\n\");
		freopen(\"$T/f.%s\", \"out\"); printf(\"to file\\n\");
		freopen(\"\"); printf(\"back\\n\"); exit(0); }"
	if [ "$rc" -eq 0 ] && want_out 'before\nback\n\n' &&
	   [ "$(cat "$T/f.out")" = "to file" ]; then
		return 0
	fi
	ktap_diag "want 'before', 'back' on stdout and 'to file' in the file"
	show
	return 1
}

# raise(SIGKILL) in the traced process ends it at once.
test_raise() {
	run 60 "$SONDE" -w -n 'syscall::getppid:entry /pid == $target/ {
		raise(SIGKILL); }' -c "$LOOP 1000000"
	if [ "$rc" -eq 0 ] && grep -q 'terminated by SIGKILL' "$T/err"; then
		return 0
	fi
	ktap_diag "want the target 'terminated by SIGKILL'"
	show
	return 1
}

# stop() stops the process after the system call that fired: one call.
test_stop() {
	run 60 "$SONDE" -w -qn 'syscall::getppid:entry /pid == $target/ {
		@ = count(); stop(); } tick-1s { exit(0); }' -c "$LOOP 1000"
	if [ "$rc" -eq 0 ] && grep -Eq '^ +1$' "$T/out"; then
		return 0
	fi
	ktap_diag "want one getppid() counted before the process stopped"
	show
	return 1
}

# chill() spins: the timestamp moves on by at least that; more than 1 ms
# in one call (the firing budget prices a call at its most, docs/vm.md)
# or 500 ms in a second (dtrace's limit) is an illegal operation.
test_chill() {
	run 30 "$SONDE" -w -qn 'BEGIN { t = timestamp; chill(1000000);
		printf("%d\n", timestamp - t >= 1000000); }
		BEGIN { chill(1000001); } BEGIN { exit(0); }'
	if [ "$rc" -eq 0 ] && want_out '1\n\n' &&
	   grep -q 'dtrace:::BEGIN): illegal operation in action #1' "$T/err"; then
		return 0
	fi
	ktap_diag "want '1' and an illegal operation for 1 ms and 1 ns"
	show
	return 1
}

# copyoutstr() writes the traced process's buffer: write-known's next
# writes carry the new string.
test_copyout() {
	run 60 "$SONDE" -w -qn 'syscall::write:entry /pid == $target/ {
		printf("%s\n", stringof(copyin(arg1 + 4, 12))); }
		syscall::write:entry /pid == $target && !done/ {
		copyoutstr("HACKED", arg1 + 4, 7); done = 1; }' -c "$WRITE 3"
	if [ "$rc" -eq 0 ] && want_out 'sonde-copyin\nHACKED\nHACKED\n\n'; then
		return 0
	fi
	ktap_diag "want 'sonde-copyin' then 'HACKED' twice"
	show
	return 1
}

# panic() and breakpoint() need the module's kernel_destructive parameter,
# off by default; with it, a program that panics on a probe that never
# fires loads, and breakpoint() logs dtrace's message.
test_kernel_destructive() {
	run 30 "$SONDE" -w -n 'BEGIN { panic(); }'
	r1=$rc
	grep -q "could not enable tracing: Destructive actions not allowed (insn [0-9]*: panic() is refused: the sonde module's kernel_destructive parameter is off)" "$T/err"
	g1=$?
	echo 1 > "$KD"
	run 30 "$SONDE" -w -qn 'tick-1000s { panic(); } BEGIN { breakpoint();
		exit(0); }'
	r2=$rc
	echo 0 > "$KD"
	sleep 1
	if [ "$r1" -eq 1 ] && [ "$g1" -eq 0 ] && [ "$r2" -eq 0 ] &&
	   dmesg | grep -q 'dtrace: breakpoint action at probe dtrace:::BEGIN'; then
		return 0
	fi
	ktap_diag "want panic() refused without kernel_destructive, loaded with it, breakpoint() logged"
	show
	return 1
}

# ---- options -------------------------------------------------------------

# bufresize=auto (the default): buffers that do not fit are lowered, and
# dtrace(1) says so for a size the script set; bufresize=manual: refused.
test_bufresize() {
	run 120 "$SONDE" -x bufsize=1g -qn 'BEGIN { printf("up\n"); exit(0); }'
	if [ "$rc" -ne 0 ] || ! want_out 'up\n\n' ||
	   ! grep -Eq '^sonde: buffer size lowered to [0-9]+[km]$' "$T/err"; then
		ktap_diag "want 'buffer size lowered to ...' and the program run"
		show
		return 1
	fi
	run 60 "$SONDE" -x bufsize=1g -x quietresize -qn 'BEGIN { exit(0); }'
	if [ "$rc" -ne 0 ] || [ -s "$T/err" ]; then
		ktap_diag "want no message with quietresize"
		show
		return 1
	fi
	run 60 "$SONDE" -x bufsize=1g -x bufresize=manual -qn 'BEGIN { exit(0); }'
	if [ "$rc" -eq 1 ] &&
	   grep -q '^sonde: failed to load program: the options need [0-9]* KB of kernel memory' "$T/err"; then
		return 0
	fi
	ktap_diag "want bufresize=manual refused"
	show
	return 1
}

# The cpu option: probes fire on that CPU only (BEGIN and END anywhere).
test_cpu_option() {
	run 60 "$SONDE" -x cpu=1 -qn 'profile-997 { @[cpu] = count(); }
		profile-997 /n++ == 50/ { exit(0); }
		END { printa("%d %@d\n", @); }'
	if [ "$rc" -eq 0 ] && [ "$(grep -c . "$T/out")" -eq 1 ] &&
	   grep -Eq '^1 [0-9]+$' "$T/out" &&
	   [ "$(cut -d' ' -f2 "$T/out" | head -1)" -ge 51 ]; then
		return 0
	fi
	ktap_diag "want only CPU 1 counted, at least 51 times"
	show
	return 1
}

# Options DTrace has and Linux has nothing for are accepted and ignored,
# with their values still checked: -x tree=4 runs, -x stdc=z does not.
# -x quiet=no undoes -q (the last word wins, as in DTrace).
test_options_ignored() {
	run 30 "$SONDE" -x tree=4 -x maxframes=10 -x temporal -x aggzoom \
		-qn 'BEGIN { printf("ok\n"); exit(0); }'
	if [ "$rc" -ne 0 ] || ! want_out 'ok\n\n' || [ -s "$T/err" ]; then
		ktap_diag "want ignored options accepted"
		show
		return 1
	fi
	run 30 "$SONDE" -x stdc=z -qn 'BEGIN { exit(0); }'
	if [ "$rc" -ne 1 ] || [ "$(cat "$T/err")" != \
	   "sonde: failed to set -x stdc: Invalid value for specified option" ]; then
		ktap_diag "want -x stdc=z refused"
		show
		return 1
	fi
	run 30 "$SONDE" -q -x quiet=no -n 'BEGIN { exit(0); }'
	if [ "$rc" -eq 0 ] && grep -q 'FUNCTION:NAME' "$T/out"; then
		return 0
	fi
	ktap_diag "want -x quiet=no to undo -q"
	show
	return 1
}

# agghist (dt_aggregate_total(), dt_print_quanthdr() with the keys'
# width): sum() values as histogram rows, 2 and 6 of 8 are 10 and 30 @s;
# under aggzoom the total is (int64_t)(6 / 0.95) = 6: 13 and 40.
test_agghist() {
	_script='BEGIN { @[ "awk" ] = sum(2); @[ "bash" ] = sum(6); exit(0); }'
	_hdr=$(printf '%17s %41s %-9s' key \
	    '------------- Distribution -------------' count)
	for _zoom in no yes; do
		if [ $_zoom = yes ]; then
			run 30 "$SONDE" -x agghist -x aggzoom -qn "$_script"
			_a=13 _b=40
		else
			run 30 "$SONDE" -x agghist -qn "$_script"
			_a=10 _b=30
		fi
		{
			printf '\n\n%s\n' "$_hdr"
			printf '%17s |%-40s %-9s\n' awk \
			    "$(printf '%040d' 0 | tr 0 @ | head -c $_a)" 2
			printf '%17s |%-40s %-9s\n' bash \
			    "$(printf '%040d' 0 | tr 0 @ | head -c $_b)" 6
		} > "$T/want"
		if [ "$rc" -ne 0 ] || ! cmp -s "$T/want" "$T/out"; then
			ktap_diag "want DTrace's agghist rows (aggzoom $_zoom)"
			show
			diff "$T/want" "$T/out" | sed 's/^/#   /'
			return 1
		fi
	done
	return 0
}

# aggpack (dt_aggregate_minmaxbin(), dt_print_quantize_packed()): one
# line per key between the bins all keys share, one bin more either side
# (0 .. 16 here); encoding=ascii cells of "__xxxxXX".  setopt() turns it
# on at run time as well, DTrace's dynamic option.
test_aggpack() {
	for _how in x setopt; do
		_script='BEGIN { @["bash"] = quantize(1); @["bash"] = quantize(2);
			@["bash"] = quantize(2); @["bash"] = quantize(8);
			@["awk"] = quantize(2); exit(0); }'
		if [ $_how = x ]; then
			run 30 "$SONDE" -x aggpack -x encoding=ascii -qn "$_script"
		else
			run 30 "$SONDE" -x encoding=ascii -qn "$_script
				END { setopt(\"aggpack\"); }"
		fi
		printf '\n\n%17s  min .------. max  | count\n%s\n%s\n' key \
		    '              awk    0 :  X   : 16   | 1' \
		    '             bash    0 : xx x : 16   | 4' > "$T/want"
		if [ "$rc" -ne 0 ] || ! cmp -s "$T/want" "$T/out"; then
			ktap_diag "want DTrace's packed quantize lines ($_how)"
			show
			diff "$T/want" "$T/out" | sed 's/^/#   /'
			return 1
		fi
	done
	return 0
}

# aggpercpu (Oracle's dt_print_aggs()): after the value, each CPU's own
# on a "    [CPU n]" line; BEGIN counted once, on one CPU.
test_aggpercpu() {
	run 30 "$SONDE" -x aggpercpu -qn 'BEGIN { @ = count(); exit(0); }'
	_ncpu=$(grep -c '^processor' /proc/cpuinfo)
	_lines=$(grep -c '^    \[CPU [0-9]*\] ' "$T/out")
	_sum=$(sed -n 's/^    \[CPU [0-9]*\] *//p' "$T/out" |
	       awk '{ s += $1 } END { print s }')
	if [ "$rc" -eq 0 ] && [ "$_lines" -eq "$_ncpu" ] &&
	   [ "$_sum" -eq 1 ] && grep -q '^                1$' "$T/out" &&
	   grep -q '^    \[CPU 0\]                [01]$' "$T/out"; then
		return 0
	fi
	ktap_diag "want the total 1 and $_ncpu [CPU n] lines summing to 1"
	show
	return 1
}

# A char pointer passed where a subroutine's prototype says const char *
# is the string it points to (dt_node_is_strcompat()); a string where an
# integer is wanted is D_PROTO_ARG in DTrace's words.
test_charptr_args() {
	run 30 "$SONDE" -qn 'BEGIN { printf("%d %s\n",
		strlen((char *)curthread->comm),
		strjoin((char *)curthread->comm, "!")); exit(0); }'
	if [ "$rc" -ne 0 ] || ! want_out '5 sonde!\n\n'; then
		ktap_diag "want strlen() and strjoin() of a char pointer (comm)"
		show
		return 1
	fi
	run 30 "$SONDE" -qn 'BEGIN { trace(strchr("abc", "b")); }'
	if [ "$rc" -ne 0 ] &&
	   grep -q 'D_PROTO_ARG\] strchr( ) argument #2 is incompatible with prototype:' "$T/err" &&
	   grep -q "$(printf '^\tprototype: char$')" "$T/err" &&
	   grep -q "$(printf '^\t argument: string$')" "$T/err"; then
		return 0
	fi
	ktap_diag "want D_PROTO_ARG with DTrace's prototype"
	show
	return 1
}

# ---- the seeds' scripts, with exact answers ------------------------------

PY=${PYTHON:-python3.11}

# A Python workload with known calls: sonde_main() once, sonde_work() 7
# times, sonde_leaf() 21 times (a profile hook makes python3.11 fire
# function-entry for every call; slice, a C function, so that the hook
# adds no Python frame of its own), then a sleep that lets tick-5sec fire.
cat > "$T/calls.py" <<'EOF'
import sys, time
sys.setprofile(slice)
def sonde_leaf():
    pass
def sonde_work():
    for i in range(3):
        sonde_leaf()
def sonde_main():
    for i in range(7):
        sonde_work()
sonde_main()
sys.setprofile(None)
time.sleep(5.5)
EOF

# The latency-by-function script: a depth counter self->count that the
# first clause's predicate reads before its actions assign it (0, as in
# DTrace, which cooks a clause's actions before its predicate), each
# return timed against its own call's entry, the counts printed by
# tick-5sec while the program runs and at the end.
cat > "$T/pylat.d" <<'EOF'
#pragma D option quiet

python$target:::function-entry
/self->count == 0/
{
	@outer[copyinstr(arg1)] = count();
	self->count = 0;
}

python$target:::function-entry
{
	ts[tid, self->count] = timestamp;
	self->count++;
}

python$target:::function-return
/self->count > 0/
{
	self->count--;
	@lat[copyinstr(arg1)] = quantize(timestamp - ts[tid, self->count]);
	@calls[copyinstr(arg1)] = count();
	@depth[copyinstr(arg1)] = max(self->count);
	ts[tid, self->count] = 0;
}

tick-5sec
{
	printf("tick\n");
	printa("tick %s %@d\n", @calls);
}

END
{
	printa("calls %s %@d\n", @calls);
	printa("depth %s %@d\n", @depth);
	printa("outer %s %@d\n", @outer);
}
EOF

test_seed_python_latency() {
	run 180 "$SONDE" -s "$T/pylat.d" -c "$PY $T/calls.py"
	dm=$(sed -n 's/^depth sonde_main //p' "$T/out")
	dw=$(sed -n 's/^depth sonde_work //p' "$T/out")
	dl=$(sed -n 's/^depth sonde_leaf //p' "$T/out")
	tl=$(grep -n '^tick sonde_leaf 21$' "$T/out" | head -1 | cut -d: -f1)
	cl=$(grep -n '^calls sonde_leaf 21$' "$T/out" | cut -d: -f1)
	if [ "$rc" -eq 0 ] && [ -n "$tl" ] && [ -n "$cl" ] && [ "$tl" -lt "$cl" ] &&
	   grep -qx 'calls sonde_main 1' "$T/out" &&
	   grep -qx 'calls sonde_work 7' "$T/out" &&
	   grep -qx 'outer sonde_main 1' "$T/out" &&
	   ! grep -Eq '^outer sonde_(work|leaf)' "$T/out" && [ -n "$dm" ] && [ "$dw" = $((dm + 1)) ] && [ "$dl" = $((dm + 2)) ]; then
		return 0
	fi
	ktap_diag "want tick-5sec's printa, then calls main 1, work 7, leaf 21, depths main+1, main+2, main outermost"
	show
	return 1
}

# The Wallaroo article's script ("Dynamic tracing a Pony + Python program
# with DTrace", WallarooLabs/blog.wallaroolabs.com,
# content/post/dynamic-tracing-pony-python.md), byte for byte, run as the
# article runs it (dtrace -q -C -s), with -Z since python3.11 has no
# pony$target probes.  Its depth counter self->count is read by the first
# clause's predicate before any clause assigns it.  Against calls.py:
# one outermost call of calls.py, sonde_main (its depth reaches 3), so
# @python has one key "sonde_main,calls.py:LINE" whose histogram counts
# 1 (the interpreter's start-up calls of its frozen modules have keys of
# their own, as they would under DTrace).
cat > "$T/wallaroo.d" <<'EOF'
#pragma D option aggsize=8m
#pragma D option bufsize=16m
#pragma D option dynvarsize=16m

pony$target:::gc-start,pony$target:::gc-end
{
    @pony[probename] = count();
}

pony$target:::heap-alloc
{
    @heap[probename] = quantize(arg1);
}

python$target:::function-entry
/ self->count == 0 /
{
    self->ts = timestamp;
    self->count = 1;
    self->line = arg2;
}
    
python$target:::function-entry
/ self->count > 0 /
{
    self->count = self->count + 1;
}
    
python$target:::function-return
/ self->ts != 0 && self->count > 1 /
{
    self->count = self->count - 1;
}

python$target:::function-return
/ self->ts != 0 && self->count == 1 /
{
    elapsed_ns = timestamp - self->ts;
    function = copyinstr(arg1);
    module = strjoin(",", basename(copyinstr(arg0)));
    line = strjoin(":", lltostr(self->line));
    @python[strjoin(function, strjoin(module, line))] = quantize(elapsed_ns);
    self->ts = 0;
    self->count = 0;
    self->line = 0;
}

io:::start
{
    @os["Disk I/O operation start count"] = count();
}

tick-5sec
{
    printf("Stopping after 5 seconds.\n");
    printf("\nValues in the @pony array (units = none)\n");
    printa(@pony);
    printf("\nValues in the @heap array (units = bytes)\n");
    printa(@heap);
    printf("\nValues in the @python array (units = nanoseconds/call)\n");
    printa(@python);
    printf("\nValues in the @os array (units = IO ops)\n");
    printa(@os);
    exit(0);
}
EOF

test_seed_wallaroo_verbatim() {
	_cpp=
	command -v cpp > /dev/null && _cpp=-C
	run 180 "$SONDE" -q $_cpp -Z -s "$T/wallaroo.d" -c "$PY $T/calls.py"
	_keys=$(grep -Ec '^  [a-z_]+,calls\.py:[0-9]+ +$' "$T/out")
	_sum=$(awk '/^  sonde_main,calls\.py:[0-9]+ +$/ { on = 1; next }
		/^$/ { on = 0 } on && / \|/ { s += $NF } END { print s + 0 }' \
		"$T/out")
	_order=$(grep '^Values in the @' "$T/out" | cut -d' ' -f4 | tr '\n' ' ')
	if [ "$rc" -eq 0 ] &&
	   [ "$(head -1 "$T/out")" = "Stopping after 5 seconds." ] &&
	   [ "$_order" = "@pony @heap @python @os " ] &&
	   [ "$_keys" -eq 1 ] &&
	   grep -Eq '^  sonde_main,calls\.py:[0-9]+ +$' "$T/out" &&
	   [ "$_sum" -eq 1 ]; then
		return 0
	fi
	ktap_diag "want the four headings in order, one @python key of calls.py, sonde_main,calls.py:N, counted once (keys $_keys, count $_sum)"
	show
	return 1
}

# The object-leak detector: sum(1) where an object is made, sum(-1) where
# it goes.  python3.11 has no instance-new/instance-delete probes, so the
# pair is gc-start/gc-done: 0 outstanding at the end, and the collections
# asked for counted by generation (start-up's automatic ones are of
# generation 0, gc.disable() keeps later ones out, exit's are of 2).
test_seed_leak_detector() {
	printf 'import gc\ngc.disable()\nfor i in range(5):\n    gc.collect(1)\n' \
		> "$T/gc.py"
	run 120 "$SONDE" -q -n 'python$target:::gc-start { @live["gc"] = sum(1); }
	    python$target:::gc-done { @live["gc"] = sum(-1); }
	    python$target:::gc-start { @gen[arg0] = count(); }
	    END { printa("live %s %@d\n", @live); printa("gen %d %@d\n", @gen); }' \
		-c "$PY $T/gc.py"
	if [ "$rc" -eq 0 ] && grep -qx 'live gc 0' "$T/out" &&
	   grep -qx 'gen 1 5' "$T/out"; then
		return 0
	fi
	ktap_diag "want 0 outstanding and 5 collections of generation 1"
	show
	return 1
}

# The syscall-count one-liner, on a known workload: getppid() 1000 times.
test_seed_syscall_count() {
	run 60 "$SONDE" -n 'syscall:::entry /pid == $target/ { @[probefunc] = count(); }' \
		-c "$LOOP 1000"
	if [ "$rc" -eq 0 ] && grep -Eq '^  getppid +1000$' "$T/out"; then
		return 0
	fi
	ktap_diag "want getppid counted 1000 times"
	show
	return 1
}

# The sum(vtimestamp) one-liner: on-CPU time per system call.  A 300 ms
# sleep is 300 ms of timestamp but little on-CPU time (vtimestamp stops
# while the thread is off the CPU).
test_seed_vtimestamp() {
	run 60 "$SONDE" -q -n 'syscall:::entry /pid == $target/ {
		self->vts = vtimestamp; self->ts = timestamp; }
	    syscall:::return /self->vts/ {
		@cpu[probefunc] = sum(vtimestamp - self->vts);
		@wall[probefunc] = sum(timestamp - self->ts);
		self->vts = 0; self->ts = 0; }
	    END { printa("cpu %s %@d\n", @cpu); printa("wall %s %@d\n", @wall); }' \
		-c "sleep 0.3"
	c=$(sed -n 's/^cpu clock_nanosleep //p' "$T/out")
	w=$(sed -n 's/^wall clock_nanosleep //p' "$T/out")
	[ -n "$c" ] || c=$(sed -n 's/^cpu nanosleep //p' "$T/out")
	[ -n "$w" ] || w=$(sed -n 's/^wall nanosleep //p' "$T/out")
	if [ "$rc" -eq 0 ] && [ -n "$c" ] && [ -n "$w" ] && [ "$c" -gt 0 ] &&
	   [ "$w" -ge 300000000 ] && [ "$c" -lt 100000000 ]; then
		return 0
	fi
	ktap_diag "want the sleep's on-CPU time > 0 and < 100 ms, its wall time >= 300 ms"
	show
	return 1
}

# ---- error tags ----------------------------------------------------------

# A probe description that matches nothing is D_PDESC_ZERO on every
# provider, tick and profile included, said where the compiler would.
test_pdesc_zero() {
	r=0
	for d in 'tick-abc' 'profile:::nosuch' 'profile-0zz' 'nosuchprov:::' \
	    'syscall::nosuchcall:entry' 'fbt::sonde_no_such_function:entry'; do
		run 30 "$SONDE" -n "BEGIN { exit(0); } $d { }"
		case "$(cat "$T/err")" in
		"sonde: <command line>:1:20: error: [D_PDESC_ZERO] probe description "*" does not match any probes")
			[ "$rc" -eq 1 ] || r=1 ;;
		*) ktap_diag "$d:"; show; r=1 ;;
		esac
	done
	printf 'BEGIN\n{\n}\n\n  tick-1zz\n{\n}\n' > "$T/z.d"
	run 30 "$SONDE" -s "$T/z.d"
	case "$(cat "$T/err")" in
	"sonde: $T/z.d:5:3: error: [D_PDESC_ZERO] probe description :::tick-1zz does not match any probes") ;;
	*) ktap_diag "script:"; show; r=1 ;;
	esac
	return $r
}

# ---- the default output's columns -----------------------------------------

# dt_consume_cpu()'s columns without -q: the "%3d %6d %32s " prefix, a
# string traced as "  %-33s", an 8-byte integer as " %16lld"; then an
# aggregation's rows: a string key "  %-50s", a value " %16lld".
test_default_columns() {
	run 30 "$SONDE" -n 'BEGIN { trace("ab"); trace(timestamp - timestamp);
		@["k"] = count(); @s["k"] = sum(5); exit(0); }'
	{
		printf 'CPU     ID                    FUNCTION:NAME\n'
		printf ':BEGIN %-35s%17s\n' '  ab' 0
		printf '\n  %-50s %16s\n  %-50s %16s\n' k 1 k 5
	} > "$T/want"
	# the CPU and the probe id are the guest's: the prefix's first 37
	# columns are compared by form
	sed '2s/^.\{37\}//' "$T/out" > "$T/got"
	if [ "$rc" -eq 0 ] && cmp -s "$T/want" "$T/got" &&
	   sed -n 2p "$T/out" | grep -Eq '^ +[0-9]+ +[0-9]+ +:BEGIN ' &&
	   [ "$(sed -n 2p "$T/out" | cut -c38-44)" = ":BEGIN " ]; then
		return 0
	fi
	ktap_diag "want dtrace's default columns"
	show
	diff "$T/want" "$T/got" | sed 's/^/#   /'
	return 1
}

ktap_header 30
test_spec_unavailable; ktap_result dsem_spec_unavailable $?
test_spec_zero_inactive; ktap_result dsem_spec_zero_and_inactive_ignored $?
test_spec_badid; ktap_result dsem_spec_id_above_nspec $?
test_spec_commit_twice; ktap_result dsem_spec_commit_twice $?
test_spec_drops_commit; ktap_result dsem_spec_drops_counted_on_commit $?
test_spec_drops_discard; ktap_result dsem_spec_drops_not_on_discard $?
test_null_string; ktap_result dsem_null_string $?
test_builtins; ktap_result dsem_builtins $?
test_llquantize_negative; ktap_result dsem_llquantize_negative $?
test_printa_width; ktap_result dsem_printa_width_before_at $?
test_exit_in_end; ktap_result dsem_exit_in_end_overrides $?
test_execname_consumer; ktap_result dsem_execname_of_the_consumer $?
test_sym_actions; ktap_result dsem_umod_usym_uaddr_columns $?
test_destructive_refused; ktap_result dsem_destructive_refused $?
test_system; ktap_result dsem_system $?
test_freopen; ktap_result dsem_freopen $?
test_raise; ktap_result dsem_raise $?
test_stop; ktap_result dsem_stop $?
test_chill; ktap_result dsem_chill $?
test_copyout; ktap_result dsem_copyoutstr $?
test_kernel_destructive; ktap_result dsem_panic_breakpoint_need_parameter $?
test_bufresize; ktap_result dsem_bufresize $?
test_cpu_option; ktap_result dsem_cpu_option $?
test_options_ignored; ktap_result dsem_options_ignored_and_quiet_no $?
test_agghist; ktap_result dsem_agghist_and_aggzoom $?
test_aggpack; ktap_result dsem_aggpack_and_setopt $?
test_aggpercpu; ktap_result dsem_aggpercpu $?
test_charptr_args; ktap_result dsem_charptr_args_and_proto_arg $?
test_seed_python_latency; ktap_result dsem_seed_python_latency_depth $?
test_seed_wallaroo_verbatim; ktap_result dsem_seed_wallaroo_script_verbatim $?
test_seed_leak_detector; ktap_result dsem_seed_leak_detector_gc $?
test_seed_syscall_count; ktap_result dsem_seed_syscall_count $?
test_seed_vtimestamp; ktap_result dsem_seed_sum_vtimestamp $?
test_pdesc_zero; ktap_result dsem_pdesc_zero_every_provider $?
test_default_columns; ktap_result dsem_default_output_columns $?
ktap_finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_usdt.sh - user probes end to end, in the test guest (root, sonde.ko
# loaded, sonde, uprobe-prog and Debian's python3.11 in PATH): USDT
# arguments, ustack(), a bad pointer, the pid provider on libc's malloc,
# Debian's python3.11 through -c, -p and the path form, and -l.
#
# Output is checked on stdout; stderr is shown when a test fails.  Every
# command runs under a timeout so a hang fails the test, not the run.

cd "$(dirname "$0")" || exit 1
. ./ktap_helpers.sh

SONDE=${SONDE:-sonde}
PROG=/uprobe-prog
[ -x "$PROG" ] || PROG=$PWD/uprobe-prog
PY=${PYTHON:-python3.11}
T=$(mktemp -d /tmp/test_usdt.XXXXXX)
trap 'rm -rf "$T"' EXIT

have_python() {
	command -v "$PY" > /dev/null 2>&1
}

# SDT argument specs of every size and sign, a string, an exact count.
# Arguments are read at their first use in a firing: clauses on the same
# probe read them in different orders, some twice, some not at all.
test_args() {
	run 60 "$SONDE" -q -n 'sonde_test$target:::args /arg3 == 1/ {
		printf("first %d\n", arg4); }
	    sonde_test$target:::args /arg3 == 0/ {
		printf("args %d %d %d %d %s\n", arg0, arg1, arg2, arg4,
		    copyinstr(arg5)); }
	    sonde_test$target:::args { @n = count(); }
	    sonde_test$target:::args /arg3 == 2/ {
		printf("again %d %d %d %d\n", arg2, arg2, arg0, arg3); }
	    END { printa("count %@d\n", @n); }' -c "$PROG args 25"
	if [ "$rc" -eq 0 ] &&
	   grep -qx 'args -5 200 -300 1234567890123 hello' "$T/out" &&
	   grep -qx 'first 1234567890123' "$T/out" &&
	   grep -qx 'again -300 -300 -5 2' "$T/out" &&
	   grep -qx 'count 25' "$T/out"; then
		return 0
	fi
	ktap_diag "want 'args -5 200 -300 1234567890123 hello', 'first 1234567890123', 'again -300 -300 -5 2' and 'count 25'"
	show
	return 1
}

# Global variables as arguments ("-4@g_count(%rip)", "-8@8+g_hist(%rip)"):
# the symbols resolved from the file, read %rip-relative when it fires.
test_globals() {
	run 60 "$SONDE" -q -n 'sonde_test$target:::globals {
		@s = sum(arg0); @m = min(arg0); @h = sum(arg1); }
	    END { printa("sum %@d\n", @s); printa("min %@d\n", @m);
		printa("hist %@d\n", @h); }' -c "$PROG globals 10"
	if [ "$rc" -eq 0 ] && grep -qx 'sum 25' "$T/out" &&
	   grep -qx 'min -2' "$T/out" && grep -qx 'hist 43' "$T/out"; then
		return 0
	fi
	ktap_diag "want 'sum 25' (i - 2 for i < 10), 'min -2', 'hist 43'"
	show
	return 1
}

# A site whose argument sonde cannot evaluate (a global in a stripped
# program) is left out, and said so: nothing is dropped silently.
test_left_out() {
	STRIPPED=/uprobe-prog-stripped
	[ -x "$STRIPPED" ] || STRIPPED=$PWD/uprobe-prog-stripped
	run 60 "$SONDE" -q -n 'sonde_test$target:::globals { @ = count(); }' \
		-c "$STRIPPED globals 1"
	if [ "$rc" -ne 0 ] &&
	   grep -q 'warning: USDT probe sonde_test:globals in .*uprobe-prog-stripped left out: .*symbol' "$T/err" &&
	   grep -q 'does not match any probes' "$T/err"; then
		return 0
	fi
	ktap_diag "want a warning naming the left-out site, then no match"
	show
	return 1
}

# uregs[] in a user probe: the probe's own registers (arg5 is 8@%rdx).
test_uregs() {
	run 60 "$SONDE" -q -n 'sonde_test$target:::args /arg3 == 0/ {
		printf("rdx %d pc %d\n", uregs[R_RDX] == arg5,
		    uregs[R_PC] != 0); }' -c "$PROG args 3"
	if [ "$rc" -eq 0 ] && grep -qx 'rdx 1 pc 1' "$T/out"; then
		return 0
	fi
	ktap_diag "want uregs[R_RDX] == arg5 and a program counter"
	show
	return 1
}

# ustack() at a probe three calls deep names the chain, innermost first.
test_ustack() {
	run 60 "$SONDE" -q -n 'sonde_test$target:::chain { ustack(); }' \
		-c "$PROG chain"
	grep -o '`[a-z0-9_]*+' "$T/out" | tr -d '`+' > "$T/frames"
	if [ "$rc" -eq 0 ] &&
	   [ "$(head -4 "$T/frames" | tr '\n' ' ')" = "level3 level2 level1 main " ] &&
	   grep -q '^ *uprobe-prog`level3+0x' "$T/out"; then
		return 0
	fi
	ktap_diag "want frames level3 level2 level1 main as uprobe-prog\`level3+0x..."
	show
	return 1
}

# The same chain from a pid entry probe, where the frame pointer is still
# the caller's: the caller comes from the top of the stack.
test_pid_ustack() {
	run 60 "$SONDE" -q -n 'pid$target:a.out:level3:entry { ustack(); }' \
		-c "$PROG chain"
	grep -o '`[a-z0-9_]*' "$T/out" | tr -d '`' > "$T/frames"
	if [ "$rc" -eq 0 ] &&
	   [ "$(head -4 "$T/frames" | tr '\n' ' ')" = "level3 level2 level1 main " ] &&
	   grep -qx ' *uprobe-prog`level3' "$T/out"; then
		return 0
	fi
	ktap_diag "want frames level3 level2 level1 main, the first at offset 0"
	show
	return 1
}

# copyinstr() of a bad pointer: an ERROR, then the next firing is normal
# and the traced program is unharmed.
test_badptr() {
	run 60 "$SONDE" -q -n 'sonde_test$target:::str { printf("str %s\n", copyinstr(arg0)); }' \
		-c "$PROG badptr"
	if [ "$rc" -eq 0 ] && grep -qx 'str good' "$T/out" &&
	   grep -q 'invalid address (0x10) in action #1' "$T/err" &&
	   ! grep -q 'exited with status' "$T/err"; then
		return 0
	fi
	ktap_diag "want an ERROR for 0x10, then 'str good', and a clean exit"
	show
	return 1
}

# copyinstr() at the edge of an unmapped page: a string whose NUL is the
# page's last byte reads whole at every alignment (a word that would
# cross the edge is read byte by byte); one with no NUL before the edge
# is an ERROR (strsize bytes are read, as DTrace's copyinstr() does); one
# longer than strsize is cut to strsize - 1 bytes, with the default
# strsize and with a small one.
test_copyinstr_edges() {
	run 60 "$SONDE" -q -n 'sonde_test$target:::str { printf("%d %s|\n", strlen(copyinstr(arg0)), copyinstr(arg0)); }' \
		-c "$PROG edges"
	cp "$T/out" "$T/big.out"
	cp "$T/err" "$T/big.err"
	want=$(awk 'BEGIN { for (l = 0; l <= 17; l++) {
		s = "k"; for (j = 0; j < l; j++) s = s sprintf("%c", 97 + l % 26)
		print l + 1, s "|" }
		s = ""; for (j = 0; j < 255; j++) s = s "b"; print 255, s "|" }')
	ok1=$([ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = "$want" ] &&
		[ "$(grep -c 'invalid address (0x[0-9a-f]*) in action #1' "$T/err")" -eq 1 ] && echo y)
	run 60 "$SONDE" -q -x strsize=8 -n 'sonde_test$target:::str { printf("%s|\n", copyinstr(arg0)); }' \
		-c "$PROG edges"
	want=$(awk 'BEGIN { for (l = 0; l <= 17; l++) {
		s = "k"; for (j = 0; j < l && j < 6; j++) s = s sprintf("%c", 97 + l % 26)
		print s "|" }
		print "bbbbbbb|" }')
	ok2=$([ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = "$want" ] &&
		[ "$(grep -c 'invalid address (0x[0-9a-f]*) in action #1' "$T/err")" -eq 1 ] && echo y)
	if [ "$ok1" = y ] && [ "$ok2" = y ]; then
		return 0
	fi
	ktap_diag "want every edge string whole and one ERROR ($ok1), and strsize=8 cuts to 7 with the same ERROR ($ok2)"
	ktap_diag_file "$T/big.out"
	ktap_diag_file "$T/big.err"
	show
	return 1
}

# pid provider: malloc's size argument for the program's known mallocs.
test_pid_malloc() {
	run 60 "$SONDE" -q -n 'pid$target:libc.so.6:malloc:entry
	    /arg0 >= 100000 && arg0 < 100020/ { @[arg0] = count(); }' \
		-c "$PROG malloc 20"
	n=$(grep -cE '^ +1000[01][0-9] +1$' "$T/out")
	if [ "$rc" -eq 0 ] && [ "$n" -eq 20 ]; then
		return 0
	fi
	ktap_diag "want 20 aggregation rows 100000..100019 each counted once (got $n)"
	show
	return 1
}

# pid provider return probes: arg1 is the pointer malloc returned.
test_pid_return() {
	run 60 "$SONDE" -q -n 'pid$target:libc.so.6:malloc:entry
	    /arg0 >= 100000 && arg0 < 100010/ { self->in = 1; }
	    pid$target:libc.so.6:malloc:return /self->in/ {
		printf("ret %x\n", arg1); self->in = 0; }' \
		-c "$PROG malloc 10"
	grep '^ret ' "$T/out" | cut -d' ' -f2 | sort > "$T/got"
	grep -E '^1000[0-9]{2} ' "$T/out" | cut -d' ' -f2 | sort > "$T/want"
	if [ "$rc" -eq 0 ] && [ "$(wc -l < "$T/want")" -eq 10 ] &&
	   cmp -s "$T/got" "$T/want"; then
		return 0
	fi
	ktap_diag "want the 10 returned pointers the program printed"
	show
	return 1
}

# An application built with a `sonde -h` header: its is-enabled test is
# false untraced and true traced (from its first instruction, under -c),
# and its probes carry their arguments.
test_header_prog() {
	HDR=/usdt-hdr-prog
	[ -x "$HDR" ] || HDR=$PWD/usdt-hdr-prog
	untraced=$("$HDR" 10 | tr '\n' ' ')
	run 60 "$SONDE" -q -n 'pony$target:::gc-start { @g = sum(arg0); }
	    pony$target:::actor-msg-send /arg1 == 7 && arg2 == -1/ {
		@m = count(); s = copyinstr(arg3); }
	    pony$target:::rt-init { printf("init %s\n", s); }
	    END { printa("gc %@d\n", @g); printa("msg %@d\n", @m); }' \
		-c "$HDR 10"
	if [ "$untraced" = "enabled-at-start 0 fired 0 enabled-at-end 0 " ] &&
	   [ "$rc" -eq 0 ] && grep -qx 'enabled-at-start 1' "$T/out" &&
	   grep -qx 'enabled-at-end 1' "$T/out" &&
	   grep -qx 'fired 10' "$T/out" && grep -qx 'init x' "$T/out" &&
	   grep -qx 'gc 45' "$T/out" && grep -qx 'msg 10' "$T/out"; then
		return 0
	fi
	ktap_diag "want untraced 'enabled-at-start 0 fired 0 enabled-at-end 0' (got '$untraced'), traced enabled at start and end 1, fired 10, gc 45, msg 10, init x"
	show
	return 1
}

cat > "$T/calls.py" <<'EOF'
import sys
if len(sys.argv) > 1 and sys.argv[1] == "profile":
    sys.setprofile(lambda *a: None)
def foo():
    pass
def bar():
    pass
for i in range(1000):
    foo()
for i in range(300):
    bar()
sys.setprofile(None)
EOF

# Debian's python3.11: function-return per function name, exact.
test_python_return() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -q -n 'python$target:::function-return
	    /copyinstr(arg1) == "foo" || copyinstr(arg1) == "bar"/ {
		@[copyinstr(arg1)] = count(); }' -c "$PY $T/calls.py"
	if [ "$rc" -eq 0 ] && grep -Eq '^ +foo +1000$' "$T/out" &&
	   grep -Eq '^ +bar +300$' "$T/out"; then
		return 0
	fi
	ktap_diag "want foo 1000 and bar 300"
	show
	return 1
}

# With a profile hook, function-entry is exact too, and return - entry
# timestamps make a quantize per function.
test_python_entry_quantize() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -q -n 'python$target:::function-entry
	    /copyinstr(arg1) == "foo" || copyinstr(arg1) == "bar"/ {
		@e[copyinstr(arg1)] = count(); self->ts = timestamp; }
	    python$target:::function-return /self->ts &&
		(copyinstr(arg1) == "foo" || copyinstr(arg1) == "bar")/ {
		@t[copyinstr(arg1)] = quantize(timestamp - self->ts);
		self->ts = 0; }
	    END { printa("entry %s %@d\n", @e); }' -c "$PY $T/calls.py profile"
	if [ "$rc" -eq 0 ] && grep -qx 'entry foo 1000' "$T/out" &&
	   grep -qx 'entry bar 300' "$T/out" &&
	   [ "$(grep -c 'value  ------------- Distribution ------------- count' "$T/out")" -eq 2 ]; then
		return 0
	fi
	ktap_diag "want entry foo 1000, entry bar 300 and two quantize tables"
	show
	return 1
}

# gc-start and gc-done pair up, at least once per gc.collect().
test_python_gc() {
	have_python || { skip_reason="no $PY"; return 4; }
	run 120 "$SONDE" -q -n 'python$target:::gc-start { @s = count(); }
	    python$target:::gc-done { @d = count(); }
	    END { printa("start %@d\n", @s); printa("done %@d\n", @d); }' \
		-c "$PY -c 'import gc; [gc.collect() for i in range(5)]'"
	s=$(sed -n 's/^start //p' "$T/out")
	d=$(sed -n 's/^done //p' "$T/out")
	if [ "$rc" -eq 0 ] && [ -n "$s" ] && [ "$s" -ge 5 ] && [ "$s" = "$d" ]; then
		return 0
	fi
	ktap_diag "want gc-start = gc-done >= 5 (got '$s' '$d')"
	show
	return 1
}

cat > "$T/wait.py" <<'EOF'
import os, sys, time
def foo():
    return 1
n = 0
while not os.path.exists(sys.argv[1]):
    for i in range(100):
        n += foo()
    time.sleep(0.01)
print("finished", n > 0)
EOF

# -p: attach to a running python3.11, count, detach; it runs on and ends
# normally.  Then -l lists its USDT probes.
test_python_attach() {
	have_python || { skip_reason="no $PY"; return 4; }
	rm -f "$T/stop"
	"$PY" "$T/wait.py" "$T/stop" > "$T/py.out" 2>&1 &
	py=$!
	sleep 1
	run 60 "$SONDE" -q -n 'python$target:::function-return /copyinstr(arg1) == "foo"/ {
		@ = count(); } tick-1s { exit(0); }
	    END { printa("calls %@d\n", @); }' -p "$py"
	attached=$rc
	cp "$T/out" "$T/attach.out"
	run 60 "$SONDE" -l -n 'python$target:::' -p "$py"
	listed=$(grep -c "python$py .*python3.11 .*function-entry" "$T/out")
	touch "$T/stop"
	timeout -s KILL 30 sh -c "while kill -0 $py 2>/dev/null; do sleep 0.1; done"
	wait "$py"
	pyrc=$?
	n=$(sed -n 's/^calls //p' "$T/attach.out")
	if [ "$attached" -eq 0 ] && [ -n "$n" ] && [ "$n" -gt 0 ] &&
	   [ "$listed" -ge 1 ] && [ "$pyrc" -eq 0 ] &&
	   grep -qx 'finished True' "$T/py.out"; then
		return 0
	fi
	ktap_diag "want calls > 0 (got '$n', sonde rc $attached), function-entry listed ($listed), python rc 0 (got $pyrc)"
	ktap_diag_file "$T/attach.out"
	ktap_diag_file "$T/py.out"
	show
	return 1
}

# The path form: every process running the file, including ones started
# after tracing began.
test_python_path_form() {
	have_python || { skip_reason="no $PY"; return 4; }
	pybin=$(command -v "$PY")
	pybin=$(readlink -f "$pybin")
	"$SONDE" -q -n "python:$pybin::function-return"' /copyinstr(arg1) == "foo"/ {
		@ = count(); } tick-4s { exit(0); }
	    END { printa("calls %@d\n", @); }' > "$T/out" 2> "$T/err" < /dev/null &
	sp=$!
	sleep 2
	"$PY" "$T/calls.py" > /dev/null 2>&1
	"$PY" "$T/calls.py" > /dev/null 2>&1
	timeout -s KILL 30 sh -c "while kill -0 $sp 2>/dev/null; do sleep 0.1; done"
	wait "$sp"
	rc=$?
	if [ "$rc" -eq 0 ] && grep -qx 'calls 2000' "$T/out"; then
		return 0
	fi
	ktap_diag "want calls 2000 from two python runs started after tracing began"
	show
	return 1
}

# -l -n with the pid provider lists without enabling.  Offset probes: at
# an instruction boundary (level3+1, after its one-byte push %rbp) it
# fires once; inside an instruction (level3+2, in mov %rsp,%rbp) it is
# refused before anything is patched.
test_list_pid() {
	run 60 "$SONDE" -l -n 'pid$target:libc.so.6:malloc:' -c "$PROG args 1"
	ok1=$([ "$rc" -eq 0 ] && grep -Eq '^ *[0-9]+ +pid[0-9]+ +libc.so.6 +malloc (entry|return)$' "$T/out" && echo y)
	cp "$T/out" "$T/list.out"
	run 60 "$SONDE" -q -n 'pid$target:a.out:level3:1 { @ = count(); }
	    END { printa("hits %@d\n", @); }' -c "$PROG chain"
	ok2=$([ "$rc" -eq 0 ] && grep -qx 'hits 1' "$T/out" && echo y)
	cp "$T/out" "$T/off.out"
	run 60 "$SONDE" -n 'pid$target:a.out:level3:2 { }' -c "$PROG chain"
	ok3=$([ "$rc" -ne 0 ] && grep -q 'is not an instruction boundary of level3' "$T/err" && echo y)
	if [ "$ok1" = y ] && [ "$ok2" = y ] && [ "$ok3" = y ]; then
		return 0
	fi
	ktap_diag "want malloc entry and return listed ($ok1), level3:1 hit once ($ok2), level3:2 refused ($ok3)"
	ktap_diag_file "$T/list.out"
	ktap_diag_file "$T/off.out"
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

ktap_header 17
test_args; result usdt_arguments $?
test_globals; result usdt_global_variable_arguments $?
test_left_out; result usdt_left_out_site_reported $?
test_uregs; result usdt_uregs $?
test_ustack; result usdt_ustack_call_chain $?
test_pid_ustack; result pid_entry_ustack_caller $?
test_badptr; result usdt_copyinstr_bad_pointer $?
test_copyinstr_edges; result usdt_copyinstr_page_edges $?
test_pid_malloc; result pid_malloc_sizes $?
test_pid_return; result pid_malloc_return_pointers $?
test_list_pid; result pid_list_and_offsets $?
test_header_prog; result usdt_generated_header_enabled $?
test_python_return; result python_function_return_counts $?
test_python_entry_quantize; result python_function_entry_quantize $?
test_python_gc; result python_gc_start_done $?
test_python_attach; result python_attach_detach $?
test_python_path_form; result python_path_form_new_processes $?
ktap_finish

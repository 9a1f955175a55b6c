#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_types.sh - D's types on the kernel's own data, in the test guest
# (root, sonde.ko loaded, sonde, its D library and the helpers in PATH,
# busybox sh): struct task_struct's members through curthread against
# what the process says of itself, fbt's typed args[], a user struct
# copied in and read by member (declared in the script and in a -C
# header) and used as a value (keys, print()), the io, proc and sched translators against a known workload,
# kernel symbols (and their refusals), a module's types, and the errors
# of a host without BTF or without a type.

cd "$(dirname "$0")" || exit 1
. ./ktap_helpers.sh

SONDE=${SONDE:-sonde}
PROG=/types-prog
[ -x "$PROG" ] || PROG=$PWD/types-prog
T=$(mktemp -d /tmp/test_types.XXXXXX)
trap 'umount /sys/kernel/btf /sys/kernel/security 2>/dev/null; rm -rf "$T"' EXIT

# curthread's task_struct: tgid, the parent's tgid, comm and the
# credentials, as the process itself reports them (getpid, getppid,
# PR_GET_NAME; root).
test_curthread() {
	run 60 "$SONDE" -qn 'syscall::getppid:entry /pid == $target/ {
		printf("%d %d %s\n", curthread->tgid,
		    curthread->real_parent->tgid, curthread->comm);
		printf("uid %d\n", curthread->cred->uid.val); }' -c "$PROG ids"
	# the program prints its line, then calls getppid twice (libc's and
	# the raw one): sonde prints the same line twice
	ids=$(sed -n 1p "$T/out")
	if [ "$rc" -eq 0 ] && echo "$ids" | grep -Eq '^[0-9]+ [0-9]+ types-prog$' &&
	   [ "$(grep -cx -- "$ids" "$T/out")" -eq 3 ] &&
	   [ "$(grep -c '^uid 0$' "$T/out")" -eq 2 ]; then
		return 0
	fi
	ktap_diag "want the program's 'pid ppid comm' twice and uid 0"
	show
	return 1
}

# fbt::vfs_read:entry args[] from its BTF prototype: the struct file's
# name and the count the program asked for.
test_fbt_args() {
	head -c 1000 /dev/zero > "$T/known-file"
	run 60 "$SONDE" -qn 'fbt::vfs_read:entry /pid == $target/ {
		printf("%s %d\n", stringof(args[0]->f_path.dentry->d_name.name),
		    args[2]); }' -c "$PROG read $T/known-file 777"
	if [ "$rc" -eq 0 ] && grep -q '^known-file 777$' "$T/out"; then
		return 0
	fi
	ktap_diag "want 'known-file 777'"
	show
	return 1
}

# A user struct copied in: every member, a bit-field pair and an array
# element by name; the script's sizeof agrees with the program's layout.
STRUCT='struct known_rec {
	int32_t magic;
	uint16_t small;
	uint8_t lo : 3, hi : 5;
	char name[13];
	uint64_t big;
	int16_t arr[3];
};'
USE='syscall::write:entry /pid == $target/ {
	this->p = (struct known_rec *)copyin(arg1, sizeof (struct known_rec));
	printf("%d %x %d %d %s %x %d %d %d %d\n", this->p->magic,
	    this->p->small, this->p->lo, this->p->hi, this->p->name,
	    this->p->big, this->p->arr[0], this->p->arr[1], this->p->arr[2],
	    sizeof (struct known_rec));
}'
WANT_STRUCT='-123456 beef 5 17 sonde-struct 123456789abcdef -1 2 -3 40'

test_user_struct() {
	printf '%s\n%s\n' "$STRUCT" "$USE" > "$T/s.d"
	run 60 "$SONDE" -qs "$T/s.d" -c "$PROG struct"
	if [ "$rc" -eq 0 ] && grep -qx -- "$WANT_STRUCT" "$T/out"; then
		return 0
	fi
	ktap_diag "want '$WANT_STRUCT'"
	show
	return 1
}

# The same struct from a header, through -C.
test_user_struct_header() {
	printf '%s\n' "$STRUCT" > "$T/known.h"
	printf '#include "known.h"\n%s\n' "$USE" > "$T/h.d"
	run 60 "$SONDE" -C -I "$T" -qs "$T/h.d" -c "$PROG struct"
	if [ "$rc" -eq 0 ] && grep -qx -- "$WANT_STRUCT" "$T/out"; then
		return 0
	fi
	ktap_diag "want '$WANT_STRUCT' through -C"
	show
	return 1
}

# print() of the copied-in struct: dtrace's member-by-member layout;
# trace() of it: its bytes; print() of a kernel struct (curthread).
test_print_struct() {
	printf '%s\n%s\n' "$STRUCT" 'syscall::write:entry /pid == $target/ {
	this->p = (struct known_rec *)copyin(arg1, sizeof (struct known_rec));
	print(this->p);
	trace(*this->p);
	print(curthread);
}' > "$T/p.d"
	run 60 "$SONDE" -qs "$T/p.d" -c "$PROG struct"
	i44=$(printf '%44s' '')
	{
		echo '(nil) = *'
		echo "$i44(struct known_rec) {"
		echo "$i44 .magic = (int32_t)-123456,"
		echo "$i44 .small = (uint16_t)48879,"
		echo "$i44 .lo = (uint8_t)5,"
		echo "$i44 .hi = (uint8_t)17,"
		echo "$i44 .name = (char [13]) ["
		for ch in s o n d e - s t r u c t; do
			echo "$i44  (char)'$ch',"
		done
		echo "$i44 ],"
		echo "$i44 .big = (uint64_t)81985529216486895,"
		echo "$i44 .arr = (int16_t [3]) ["
		echo "$i44  (int16_t)-1,"
		echo "$i44  (int16_t)2,"
		echo "$i44  (int16_t)-3,"
		echo "$i44 ],"
		echo "$i44 },"
		echo "$i44}"
	} > "$T/want"
	if [ "$rc" -eq 0 ] && head -n "$(wc -l < "$T/want")" "$T/out" | cmp -s - "$T/want" &&
	   grep -q '^ *0: c0 1d fe ff ef be 8d 73 6f 6e 64 65 2d 73 74 72 ' "$T/out" &&
	   grep -Eq '^0xffff[0-9a-f]+ = \*$' "$T/out" &&
	   grep -q "^$i44(struct task_struct) {\$" "$T/out" &&
	   grep -Eq "^$i44 \.pid = \(pid_t\)[0-9]+,\$" "$T/out" &&
	   ! grep -q error "$T/err"; then
		return 0
	fi
	ktap_diag "want print()'s layout of known_rec, its bytes, and curthread's task_struct"
	diff "$T/want" "$T/out" | head -30 | sed 's/^/# /'
	show
	return 1
}

# A struct as a value: an aggregation key (printed as dt_print_datum()
# prints a 40-byte record: a hex dump; a 4-byte kuid_t: an int), an
# associative array's key, and print() of it (illumos's dt_print.c
# layout, every member in hex).
test_struct_values() {
	printf '%s\n%s\n' "$STRUCT" 'this struct known_rec r;
syscall::write:entry /pid == $target && arg2 == sizeof (struct known_rec)/ {
	this->r = *(struct known_rec *)copyin(arg1, sizeof (struct known_rec));
	@k[this->r] = count();
	@u[curthread->cred->uid] = count();
	seen[this->r] = 2;
	seen[this->r] += 3;
	printf("seen %d\n", seen[this->r]);
	print(this->r);
	printf("\n");
}
END { printa(@k); printa(@u); }' > "$T/v.d"
	run 60 "$SONDE" -qs "$T/v.d" -c "$PROG struct"
	cat > "$T/want" <<'WANT'
seen 5
struct known_rec {
    int32_t magic = 0xfffe1dc0
    uint16_t small = 0xbeef
    uint8_t lo :3 = 0x5
    uint8_t hi :5 = 0x11
    char [13] name = [ "sonde-struct" ]
    uint64_t big = 0x123456789abcdef
    int16_t [3] arr = [ 0xffff, 0x2, 0xfffd ]
}
WANT
	if [ "$rc" -eq 0 ] && head -n 10 "$T/out" | cmp -s - "$T/want" &&
	   grep -q '^ *0: c0 1d fe ff ef be 8d 73 6f 6e 64 65 2d 73 74 72  \.\.\.\.\.\.\.sonde-str$' "$T/out" &&
	   grep -Eq '^ {16}1$' "$T/out" &&
	   grep -Eq '^ {8}0 {16}1$' "$T/out" && ! grep -q error "$T/err"; then
		return 0
	fi
	ktap_diag "want the struct as keys (hex dump, kuid_t as an int), its array value 5, and its print() layout"
	diff "$T/want" "$T/out" | head -30 | sed 's/^/# /'
	show
	return 1
}

# io:::start's bufinfo_t and devinfo_t: 8192 bytes written to vda with
# O_DIRECT at 1 MiB (sector 2048), and fileinfo_t's "<none>".
test_io_translators() {
	run 60 "$SONDE" -qn 'io:::start /args[0]->b_flags & B_WRITE &&
	    args[1]->dev_statname == "vda"/ {
		@bytes[args[1]->dev_statname, args[1]->dev_name,
		    args[2]->fi_name] = sum(args[0]->b_bcount);
		@first = min(args[0]->b_blkno);
		@major = max(args[1]->dev_major);
	}
	END { printa("%s %s %s %@d\n", @bytes); printa("blkno %@d\n", @first);
	    printa("major %@d\n", @major); }' -c "$PROG io 8192"
	major=$(cat /sys/block/vda/dev 2>/dev/null | cut -d: -f1)
	if [ "$rc" -eq 0 ] && grep -qx 'vda vda <none> 8192' "$T/out" &&
	   grep -qx 'blkno 2048' "$T/out" &&
	   grep -qx "major $major" "$T/out"; then
		return 0
	fi
	ktap_diag "want 'vda vda <none> 8192', 'blkno 2048', 'major $major'"
	show
	return 1
}

# proc:::exec-success and curpsinfo: the arguments the program was
# started with (a shell's exec: -c's own exec happens before tracing, as
# with dtrace); proc:::create's args[0]: the child, as it reports itself.
test_proc_translators() {
	echo "exec $PROG ids alpha beta" > "$T/exec.sh"
	printf '%s ids\ntrue\n' "$PROG" > "$T/fork.sh"
	run 60 "$SONDE" -qn 'proc:::exec-success /pid == $target/ {
		printf("[%s] [%s] %d\n", curpsinfo->pr_psargs,
		    curpsinfo->pr_fname, curpsinfo->pr_pid == pid);
		printf("lwp %d %c\n", curlwpsinfo->pr_lwpid == tid,
		    curlwpsinfo->pr_sname); }' -c "sh $T/exec.sh"
	if [ "$rc" -ne 0 ] ||
	   ! grep -qx "\\[$PROG ids alpha beta\\] \\[types-prog\\] 1" "$T/out" ||
	   ! grep -qx 'lwp 1 O' "$T/out"; then
		ktap_diag "want '[$PROG ids alpha beta] [types-prog] 1', 'lwp 1 O'"
		show
		return 1
	fi
	run 60 "$SONDE" -qn 'proc:::create /pid == $target/ {
		printf("%d %d\n", args[0]->pr_pid, args[0]->pr_ppid); }' \
		-c "sh $T/fork.sh"
	child=$(grep -E '^[0-9]+ [0-9]+ types-prog$' "$T/out" | cut -d' ' -f1,2)
	if [ "$rc" -eq 0 ] && [ -n "$child" ] && grep -qx "$child" "$T/out"; then
		return 0
	fi
	ktap_diag "want proc:::create's 'pid ppid' as the child prints them"
	show
	return 1
}

# sched:::wakeup's and off-cpu's translated args[]: a shell that writes
# its pid and parent's pid, then execs sleep: the timer's wakeup of that
# pid names it (lwpsinfo_t's pr_lwpid, psinfo_t's pr_pid, pr_ppid,
# pr_fname "sleep"), and so does the off-cpu of the thread switched from
# when it runs again (args[] describe the thread switched to).
test_sched_translators() {
	echo 'echo $$ $PPID > '"$T"'/ids; exec sleep 0.3' > "$T/sleep.sh"
	run 60 "$SONDE" -qn 'sched:::wakeup /args[1]->pr_pid == $target/ {
		@w[args[0]->pr_lwpid, args[1]->pr_pid, args[1]->pr_ppid,
		    args[1]->pr_fname] = count(); }
	    sched:::off-cpu /args[1]->pr_pid == $target/ {
		@o[args[0]->pr_lwpid, args[1]->pr_pid, args[1]->pr_fname,
		    args[0]->pr_sname] = count(); }
	    END { printa("wakeup %d %d %d %s\n", @w);
		printa("off-cpu %d %d %s %c\n", @o); }' -c "sh $T/sleep.sh"
	read -r p pp < "$T/ids" 2>/dev/null
	if [ "$rc" -eq 0 ] && [ -n "$p" ] &&
	   grep -qx "wakeup $p $p $pp sleep" "$T/out" &&
	   grep -qx "off-cpu $p $p sleep R" "$T/out"; then
		return 0
	fi
	ktap_diag "want 'wakeup $p $p $pp sleep' and 'off-cpu $p $p sleep R'"
	show
	return 1
}

# Kernel symbols: `jiffies through an extern declaration against
# /proc/timer_list, &`jiffies against /proc/kallsyms, a struct symbol.
test_symbols() {
	addr=$(grep -m1 ' jiffies$' /proc/kallsyms | cut -d' ' -f1)
	run 60 "$SONDE" -qn 'extern unsigned long jiffies;
	    extern struct task_struct init_task;
	    BEGIN { printf("%d %x %s\n", `jiffies, (uintptr_t)&`jiffies,
		`init_task.comm);
		printf("%d\n", *(unsigned long *)&`jiffies > 0);
		exit(0); }'
	j=$(grep -m1 '^jiffies' /proc/timer_list | tr -dc 0-9)
	got=$(cut -d' ' -f1 < "$T/out" | head -1)
	if [ "$rc" -eq 0 ] && [ -n "$got" ] && [ -n "$j" ] &&
	   [ "$got" -le "$j" ] && [ $((j - got)) -lt 10000 ] &&
	   grep -q " $(echo "$addr" | sed 's/^0*//') swapper/0\$" "$T/out" &&
	   grep -qx 1 "$T/out"; then
		return 0
	fi
	ktap_diag "want jiffies near $j, address $addr, swapper/0 (timer_list after sonde: $j)"
	show
	return 1
}

# A symbol without a type: D_SYM_NOTYPES; addresses hidden by
# kptr_restrict: refused, saying so.
test_symbol_errors() {
	run 60 "$SONDE" -qn 'BEGIN { trace(`jiffies); exit(0); }'
	if [ "$rc" -eq 0 ] ||
	   ! grep -q 'D_SYM_NOTYPES.*jiffies.*extern' "$T/err"; then
		ktap_diag "want D_SYM_NOTYPES for an untyped symbol"
		show
		return 1
	fi
	old=$(cat /proc/sys/kernel/kptr_restrict)
	echo 2 > /proc/sys/kernel/kptr_restrict
	run 60 "$SONDE" -qn 'BEGIN { trace((uintptr_t)&`jiffies); exit(0); }'
	echo "$old" > /proc/sys/kernel/kptr_restrict
	if [ "$rc" -eq 0 ] ||
	   ! grep -q 'failed to resolve `jiffies: kernel symbol addresses are hidden.*kptr_restrict is 2' "$T/err"; then
		ktap_diag "want the kptr_restrict refusal"
		show
		return 1
	fi
	# confidentiality lockdown, as securityfs reports it (a tmpfs over
	# /sys/kernel/security: the real one cannot be undone)
	mount -t tmpfs none /sys/kernel/security || return 4
	echo 'none integrity [confidentiality]' > /sys/kernel/security/lockdown
	run 60 "$SONDE" -qn 'BEGIN { trace((uintptr_t)&`jiffies); exit(0); }'
	umount /sys/kernel/security
	if [ "$rc" -ne 0 ] &&
	   grep -q 'failed to resolve `jiffies: the kernel is locked down (confidentiality)' "$T/err"; then
		return 0
	fi
	ktap_diag "want the lockdown refusal"
	show
	return 1
}

# No BTF at all (an empty /sys/kernel/btf): kernel types are refused
# naming what is missing; a script without them still runs.
test_no_btf() {
	mkdir -p "$T/empty"
	mount --bind "$T/empty" /sys/kernel/btf || return 4
	run 60 "$SONDE" -qn 'BEGIN { trace(curthread->pid); exit(0); }'
	r1=$rc
	cp "$T/err" "$T/err1"
	run 60 "$SONDE" -qn 'BEGIN { printf("ok\n"); exit(0); }'
	umount /sys/kernel/btf
	if [ "$r1" -ne 0 ] &&
	   grep -q "D_OP_INCOMPLETE.*struct task_struct.*/sys/kernel/btf/vmlinux: No such file" "$T/err1" &&
	   [ "$rc" -eq 0 ] && grep -qx ok "$T/out"; then
		return 0
	fi
	ktap_diag "want a refusal naming /sys/kernel/btf/vmlinux, and BEGIN still running"
	ktap_diag_file "$T/err1"
	show
	return 1
}

# Integers hold their type's value when the probe fires: a narrowing
# cast truncates and sign-extends, 32-bit arithmetic wraps, / and % of a
# negative truncate toward zero, a mixed compare is unsigned; a narrow
# variable keeps its type.  trace() shows a 1-byte value unsigned, as
# dtrace's dt_print_datum() does ((char)-56 traces 200).
test_integers() {
	run 60 "$SONDE" -qn 'int8_t g; BEGIN { this->x = 255; this->y = -7;
		this->z = 2; g = this->x;
		printf("%d %d %d %d %d %d %d\n", (int8_t)this->x,
		    (uint8_t)(this->x + 1), this->y / this->z,
		    this->y % this->z, this->y < 1u,
		    (int)0x7fffffff + this->z - 1, g);
		trace((char)(this->x - 55)); exit(0); }'
	if [ "$rc" -eq 0 ] && grep -qx -- '-1 0 -3 -1 0 -2147483648 -1' "$T/out" &&
	   grep -Eq '^ *200$' "$T/out"; then
		return 0
	fi
	ktap_diag "want '-1 0 -3 -1 0 -2147483648 -1' and 200"
	show
	return 1
}

# A module's own types, from /sys/kernel/btf/MODULE: sonde's (its
# struct's size against the one a module-scoped and an unscoped name
# give), and an unknown module named in the error.
test_module_type() {
	run 60 "$SONDE" -qn 'BEGIN { printf("%d %d\n",
	    sizeof (struct virtio_blk`virtio_blk) > 0,
	    sizeof (struct virtio_blk`virtio_blk) ==
	    sizeof (struct virtio_blk)); exit(0); }'
	if [ "$rc" -ne 0 ] || ! grep -qx '1 1' "$T/out"; then
		ktap_diag "want virtio_blk's struct virtio_blk from its BTF"
		show
		return 1
	fi
	run 60 "$SONDE" -qn 'BEGIN { trace(sizeof (struct no_such_mod`file)); }'
	if [ "$rc" -ne 0 ] && grep -q 'no_such_mod' "$T/err"; then
		return 0
	fi
	ktap_diag "want an error naming no_such_mod"
	show
	return 1
}

# -L: a directory's D files are compiled with the program, after sonde's
# own library (curpsinfo still there); a probe clause in one is refused,
# naming its file.
test_libdir() {
	mkdir -p "$T/lib" "$T/badlib"
	printf 'inline int MY_LIMIT = 42;\ntypedef struct mine { int a; char b[6]; } mine_t;\n' > "$T/lib/mine.d"
	printf 'BEGIN { exit(0); }\n' > "$T/badlib/clause.d"
	run 60 "$SONDE" -L "$T/lib" -qn 'BEGIN { printf("%d %d %d\n", MY_LIMIT,
	    sizeof (mine_t), curpsinfo->pr_pid == pid); exit(0); }'
	if [ "$rc" -ne 0 ] || ! grep -qx '42 12 1' "$T/out"; then
		ktap_diag "want '42 12 1' from -L's mine.d and procfs.d"
		show
		return 1
	fi
	run 60 "$SONDE" -L "$T/badlib" -qn 'BEGIN { trace(MY_LIMIT); exit(0); }'
	if [ "$rc" -ne 0 ] && grep -q 'clause.d' "$T/err"; then
		return 0
	fi
	ktap_diag "want an error naming clause.d"
	show
	return 1
}

# A type the kernel's BTF does not have: D_OP_INCOMPLETE naming it.
test_missing_type() {
	run 60 "$SONDE" -qn 'BEGIN { trace(((struct no_such_kernel_type *)0)->x); }'
	if [ "$rc" -ne 0 ] &&
	   grep -q 'D_OP_INCOMPLETE.*no struct no_such_kernel_type definition is available' "$T/err"; then
		return 0
	fi
	ktap_diag "want D_OP_INCOMPLETE naming struct no_such_kernel_type"
	show
	return 1
}

ktap_header 16
test_curthread; ktap_result types_curthread_task_struct $?
test_fbt_args; ktap_result types_fbt_typed_args $?
test_user_struct; ktap_result types_user_struct_copyin $?
test_print_struct; ktap_result types_print_trace_struct $?
test_struct_values; ktap_result types_struct_keys_print_value $?
if command -v cpp > /dev/null; then
	test_user_struct_header; ktap_result types_user_struct_cpp_header $?
else
	ktap_skip types_user_struct_cpp_header "no cpp (the compiler tests cover -C headers)"
fi
if [ -b /dev/vda ]; then
	test_io_translators; ktap_result types_io_translators $?
else
	ktap_skip types_io_translators "no /dev/vda"
fi
test_proc_translators; ktap_result types_proc_translators $?
test_sched_translators; ktap_result types_sched_translators $?
test_symbols; ktap_result types_kernel_symbols $?
test_symbol_errors; ktap_result types_kernel_symbol_errors $?
test_no_btf; ktap_result types_no_btf $?
test_missing_type; ktap_result types_missing_kernel_type $?
if [ -d /sys/kernel/btf/virtio_blk ] || [ -f /sys/kernel/btf/virtio_blk ]; then
	test_module_type; ktap_result types_module_btf $?
else
	ktap_skip types_module_btf "no virtio_blk module BTF"
fi
test_integers; ktap_result types_integer_semantics $?
test_libdir; ktap_result types_library_dir $?
ktap_finish

# SPDX-License-Identifier: GPL-2.0
#
# sonde -O pprof -o FILE: the child calls getppid 1000 times; the profile
# (read back by pprof-dump, the guest having no pprof) has two sample
# types, calls (@calls[execname, stack()]) and u (@u[ustack()]), each
# adding up to exactly 1000, execname a label, the kernel stack's frames
# functions named without offsets, the user stack's those of
# loop-getppid.  A second run replaces the file rather than appending to
# it (appended, the totals would read 2000).

run() {
	"$SONDE" -O pprof -o "$T/p.pb.gz" \
		-n 'syscall::getppid:entry /pid == $target/ { @calls[execname, stack()] = count(); @u[ustack()] = count(); }' \
		-c 'loop-getppid 1000' 2> "$T/err"
	echo "exit $?"
}
run
pprof-dump "$T/p.pb.gz" > "$T/dump"
echo "pprof-dump: exit $?"
grep -v '^sample' "$T/dump" | sort -u
# one stack each: the loop's one path into the kernel, and the user
# stack from syscall() through main() (the static helper has no frame
# pointers: its call frame information unwinds it)
echo "kernel samples of 1000 through do_syscall_64: $(grep -c '^sample 1000 0: .*;do_syscall_64;' "$T/dump")"
echo "user samples of 1000 in syscall() from main(): $(grep -Ec '^sample 0 1000: syscall;(.*;)?main(;|$)' "$T/dump")"
size1=$(wc -c < "$T/p.pb.gz")
run
size2=$(wc -c < "$T/p.pb.gz")
[ "$size2" -lt $((size1 + size1)) ] && echo "the second run replaced the file"
pprof-dump "$T/p.pb.gz" | grep '^total'
sed -E 's/^(sonde: pid )[0-9]+( has exited)$/\1PID\2/' "$T/err"

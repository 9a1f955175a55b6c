# SPDX-License-Identifier: GPL-2.0
#
# ustack() of a running process grabbed with -p (its libraries mapped
# long before): cfi-prog's chain, walked by the unwind tables of the
# program and libc, every frame in order.
cfi-prog chain 100000000 &
p=$!
# until its libraries are mapped and it calls getppid() in its loop
i=0
while ! grep -q libcfi.so "/proc/$p/maps" 2>/dev/null && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
"$SONDE" -q -n 'syscall::getppid:entry /pid == $target/ { ustack(); exit(0); }' -p "$p"
echo "exit status $?"
kill "$p"
wait "$p" 2>/dev/null
exit 0

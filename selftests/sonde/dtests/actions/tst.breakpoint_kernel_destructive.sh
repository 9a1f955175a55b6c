# SPDX-License-Identifier: GPL-2.0
#
# With the module's kernel_destructive parameter on, a program that
# panics on a probe that never fires loads, and breakpoint() logs
# dtrace's message in the kernel log (after this run's mark).  The
# parameter is off again after.
KD=/sys/module/sonde/parameters/kernel_destructive
mark="sonde-dtest: breakpoint $$"
echo "$mark" > /dev/kmsg
echo 1 > "$KD" || exit 1
"$SONDE" -w -qn 'tick-1000s { panic(); } BEGIN { breakpoint(); exit(0); }'
rc=$?
echo 0 > "$KD"
echo "exit status $rc, kernel_destructive $(cat "$KD")"
sleep 1
dmesg | sed -n "/$mark/,\$p" | grep -o 'dtrace: breakpoint action at probe dtrace:::BEGIN.*'

# SPDX-License-Identifier: GPL-2.0
#
# Run as dtrace (sonde-dtrace's link), in dtrace-utils' testing mode
# (_DTRACE_TESTING: no CPU and ID columns): trace() of an integer by its
# type's sign and Linux dtrace's widths, an ERROR record (its clause
# numbered as dtrace numbers statements: one per probe description) and a probe
# description that matches nothing in Linux dtrace's words.
ln -s "$SONDE" "$T/dtrace"
export _DTRACE_TESTING=t
"$T/dtrace" -n 'BEGIN { trace((uint16_t)-1); trace((int8_t)-1); trace(-1); exit(0); }'
echo "exit status $?"
"$T/dtrace" -qn 'BEGIN, END { } BEGIN { trace(*(int *)8); } BEGIN { exit(0); }'
echo "exit status $?"
"$T/dtrace" -x errtags -n 'BEGIN { exit(0); }' -n 'profile:::tick-1sec, syscall::nosuchcall:entry { exit(0); }'
echo "exit status $?"

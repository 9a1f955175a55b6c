# SPDX-License-Identifier: GPL-2.0
#
# sonde --service exits with status 3 when the program is refused before
# tracing begins (a compiler error, a probe description that matches
# nothing), so that the unit's RestartPreventExitStatus=3 does not
# restart it for ever; a failure once tracing ran (exit(1) here, as a
# script that gives up) is status 1, which Restart=on-failure restarts.
# Without --service the compiler's error is dtrace's status 1.

cd "$T" || exit 1
echo 'BEGIN { x = ; }' > bad.d
"$SONDE" --service -s bad.d 2>&1
echo "== compile error with --service: exit $?"
"$SONDE" -s bad.d 2>/dev/null
echo "== compile error without: exit $?"
"$SONDE" --service -n 'syscall::no_such_call:entry { }' 2>&1
echo "== no probe matched: exit $?"
"$SONDE" --service -qn 'BEGIN { printf("giving up\n"); exit(1); }' 2>&1
echo "== exit(1) at run time: exit $?"
"$SONDE" --service -c true -n 'BEGIN { exit(0); }' 2>&1
echo "== with -c: exit $?"

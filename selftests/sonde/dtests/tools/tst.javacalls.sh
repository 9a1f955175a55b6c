# SPDX-License-Identifier: GPL-2.0
#
# javacalls.d: the workload calls ToolWork.work() 3 times (method-entry
# fires with -XX:+DTraceMethodProbes).
# @@timeout: 180
. ./lib.sh
JAVA_OPTS=-XX:+DTraceMethodProbes
java_tool javacalls
sed -n '1s/pid [0-9]*/pid PID/p' "$T/out"
grep 'CLASS.METHOD$' "$T/out"
awk '$2 == "ToolWork.work"' "$T/out"

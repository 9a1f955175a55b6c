# SPDX-License-Identifier: GPL-2.0
#
# javathreads.d: the workload starts and joins one thread,
# "toolwork-worker" (then the JVM's own threads stop as it exits).
# @@timeout: 180
. ./lib.sh
java_tool javathreads
sed -n '1p' "$T/out"
# TIME(ms) EVENT JTID TID DAEMON NAME: EVENT DAEMON NAME
awk '$6 == "toolwork-worker" { print $2, $5, $6 }' "$T/out" | sort

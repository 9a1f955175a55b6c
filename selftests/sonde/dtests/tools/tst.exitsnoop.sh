# SPDX-License-Identifier: GPL-2.0
#
# exitsnoop.d: how each process ended: an exit status, a signal.
. ./lib.sh
cmdfile 'toolwork exit 3' 'toolwork segv' 'loop-getppid 1'
tool exitsnoop -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) PID PPID COMM AGE(ms) EXIT...: COMM and EXIT
awk '$4 == "toolwork" || $4 == "loop-getppid" { $1 = $2 = $3 = $5 = ""; print }' "$T/out" | sort

# SPDX-License-Identifier: GPL-2.0
#
# execsnoop.d: each exec with its arguments; with NAME, only that
# program's.  loop-getppid and toolwork run from a shell script.
. ./lib.sh
cmdfile 'loop-getppid 3' 'toolwork exit 0' 'loop-getppid 2'
tool execsnoop -c "sh $T/work.sh"
echo "rc=$?"
# TIME(ms) UID PID PPID COMM ARGS: the header, then UID COMM ARGS
sed -n '1p' "$T/out"
awk '$5 == "loop-getppid" || $5 == "toolwork" { $1 = $3 = $4 = ""; print }' "$T/out" | sort
tool execsnoop loop-getppid -c "sh $T/work.sh"
echo "rc=$?"
awk 'NR > 1 && NF { $1 = $3 = $4 = ""; print }' "$T/out" | sort

# SPDX-License-Identifier: GPL-2.0
#
# signals.d: five SIGUSR1 from toolwork to itself, and the SIGCHLD its
# exit sends its parent shell.
. ./lib.sh
cmdfile 'toolwork kill 10 5' 'exit 0'
tool signals -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1,2p' "$T/out"
# FROM PID TO TPID SIGNAL COUNT
awk '$1 == "toolwork" { print $1, $3, $5, $6 }' "$T/out" | sort

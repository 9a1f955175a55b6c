# SPDX-License-Identifier: GPL-2.0
#
# killsnoop.d: toolwork sends itself SIGUSR1 three times; the shell's
# kill -0 of a pid that does not exist fails with ESRCH (3).
. ./lib.sh
cmdfile 'toolwork kill 10 3' 'kill -0 999999 2>/dev/null' 'exit 0'
tool killsnoop -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) PID COMM SIG TPID RESULT: COMM SIG TPID (self when its own) RESULT
awk '$3 == "toolwork" || $3 == "sh" { print $3, $4, ($5 == $2 ? "self" : $5), $6 }' "$T/out" | sort

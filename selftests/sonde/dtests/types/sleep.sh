# SPDX-License-Identifier: GPL-2.0
# tst.sched_translators.d: the ids in $T/ids, then sleep in this process
echo $$ $PPID > "$T/ids"
exec sleep 0.3

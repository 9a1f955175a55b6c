# SPDX-License-Identifier: GPL-2.0
#
# pyflow.d: outer() calls inner() twice, under a profile hook; with
# NAME outer, only outer() and what it calls.
. ./lib.sh
# on one CPU (this shell's affinity, inherited): records are drained
# CPU by CPU, so a thread that moved between CPUs could show its events
# out of order
taskset -p 1 $$ > /dev/null
tool pyflow outer -c "python3.11 $PWD/pywork.py flow"
echo "rc=$?"
sed -n '1p' "$T/out"
# TID DELTA(us) then the flow: the flow, its indent kept
sed -n '2,$s/^[0-9]* *[0-9]*  //p' "$T/out"

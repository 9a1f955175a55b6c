# SPDX-License-Identifier: GPL-2.0
#
# cpudist.d: toolwork spins for 300 ms: its on-CPU times add up to
# slices of milliseconds.
. ./lib.sh
tool cpudist -c "toolwork spin 300"
echo "rc=$?"
sed -n '1p' "$T/out"
grep '^  .*, on-CPU time (us)$' "$T/out"
# the largest bucket with a count: at least 1024 us
awk '/\|/ && $NF > 0 { v = $1 } END { print (v >= 1024 ? "slices of a millisecond or more" : "largest " v " us") }' "$T/out"

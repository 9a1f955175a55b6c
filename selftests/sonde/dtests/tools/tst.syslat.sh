# SPDX-License-Identifier: GPL-2.0
#
# syslat.d: getppid only: 100 calls in its histogram.
. ./lib.sh
tool syslat getppid -c "loop-getppid 100"
echo "rc=$?"
sed -n '1p' "$T/out"
grep '^  .*, latency (us)$' "$T/out"
awk '/\|/ { n += $NF } END { print n, "calls" }' "$T/out"

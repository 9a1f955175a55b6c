# SPDX-License-Identifier: GPL-2.0
#
# runqlat.d: toolwork naps 20 times; each wakeup is a run-queue wait.
. ./lib.sh
tool runqlat -c "toolwork nap 10 20"
echo "rc=$?"
sed -n '1p' "$T/out"
grep '^  run-queue latency (us)$' "$T/out"
atleast 20 "$(awk '/\|/ { n += $NF } END { print n }' "$T/out")"

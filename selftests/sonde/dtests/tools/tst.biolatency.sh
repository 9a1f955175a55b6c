# SPDX-License-Identifier: GPL-2.0
#
# biolatency.d: 20 direct reads of 4 KiB from the scratch disk (vda,
# nothing else uses it): one histogram, 20 I/Os in it.
. ./lib.sh
cmdfile "dd if=/dev/vda of=/dev/null bs=4096 count=20 iflag=direct 2>/dev/null"
tool biolatency -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
grep '^  .*, latency (us)$' "$T/out"
awk '/latency \(us\)/ { d = 1 } d && /\|/ { n += $NF } END { print n, "I/Os" }' "$T/out"

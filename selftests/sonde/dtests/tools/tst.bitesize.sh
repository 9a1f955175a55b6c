# SPDX-License-Identifier: GPL-2.0
#
# bitesize.d: dd reads 5 blocks of 8 KiB directly from the scratch disk.
. ./lib.sh
cmdfile "dd if=/dev/vda of=/dev/null bs=8192 count=5 iflag=direct 2>/dev/null"
tool bitesize dd -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
sed -n 's/^  \(dd\) (pid [0-9]*), \(.*\)$/\1 \2/p' "$T/out"
# the histogram's rows with a count
awk '/\|/ && $NF > 0 { print $1, $NF }' "$T/out"

# SPDX-License-Identifier: GPL-2.0
#
# biotop.d: dd reads 10 blocks of 4 KiB from the scratch disk.
. ./lib.sh
cmdfile "dd if=/dev/vda of=/dev/null bs=4096 count=10 iflag=direct 2>/dev/null"
tool biotop 1 -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
grep -m1 '^PID' "$T/out"
# PID COMM DISK T I/O KBYTES AVG(us), added over the reports
awk '$2 == "dd" { n += $5; kb += $6 } END { print "dd vda R", n, kb }' "$T/out"

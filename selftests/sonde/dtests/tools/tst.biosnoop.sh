# SPDX-License-Identifier: GPL-2.0
#
# biosnoop.d: 5 direct reads of 4 KiB from the scratch disk, from
# sector 64 on (4 KiB blocks from block 8), by dd.
. ./lib.sh
cmdfile "dd if=/dev/vda of=/dev/null bs=4096 count=5 skip=8 iflag=direct 2>/dev/null"
tool biosnoop -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) COMM PID DISK T SECTOR BYTES LAT(us): COMM DISK T SECTOR BYTES
awk 'NR > 1 && NF { print $2, $4, $5, $6, $7 }' "$T/out" | sort -n -k4

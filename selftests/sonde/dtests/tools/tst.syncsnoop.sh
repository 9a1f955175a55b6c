# SPDX-License-Identifier: GPL-2.0
#
# syncsnoop.d: two fsync()s and one fdatasync() by toolwork, and a
# sync(1).
. ./lib.sh
cmdfile "toolwork write $T/data 2 100" 'sync'
tool syncsnoop -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) PID COMM CALL FD LAT(us): COMM CALL FD
awk 'NR > 1 && NF { print $3, $4, ($5 >= 0 ? "fd" : $5) }' "$T/out" | sort

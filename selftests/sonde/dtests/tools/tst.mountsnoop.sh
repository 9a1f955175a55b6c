# SPDX-License-Identifier: GPL-2.0
#
# mountsnoop.d: a tmpfs mounted and unmounted, and a mount of a file
# system type the kernel does not know (ENODEV, 19).
. ./lib.sh
mkdir "$T/m"
cmdfile "mount -t tmpfs sondetmp $T/m" "umount $T/m" "mount -t nosuchfs none $T/m 2>/dev/null" 'exit 0'
tool mountsnoop -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) PID COMM ERR CALL...: COMM ERR CALL
awk 'NR > 1 && NF { $1 = $2 = ""; print }' "$T/out" | unT | sort

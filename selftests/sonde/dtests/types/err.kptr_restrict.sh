# SPDX-License-Identifier: GPL-2.0
#
# Kernel symbol addresses hidden by kptr_restrict (2): refused, saying so.
old=$(cat /proc/sys/kernel/kptr_restrict)
echo 2 > /proc/sys/kernel/kptr_restrict || exit 2
"$SONDE" -qn 'BEGIN { trace((uintptr_t)&`jiffies); exit(0); }'
rc=$?
echo "$old" > /proc/sys/kernel/kptr_restrict
exit $rc

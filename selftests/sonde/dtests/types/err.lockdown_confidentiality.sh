# SPDX-License-Identifier: GPL-2.0
#
# Kernel symbol addresses under confidentiality lockdown, as securityfs
# reports it (a tmpfs over /sys/kernel/security: the real one cannot be
# undone): refused, saying so.
mount -t tmpfs none /sys/kernel/security || exit 2
echo 'none integrity [confidentiality]' > /sys/kernel/security/lockdown
"$SONDE" -qn 'BEGIN { trace((uintptr_t)&`jiffies); exit(0); }'
rc=$?
umount /sys/kernel/security
exit $rc

# SPDX-License-Identifier: GPL-2.0
#
# No BTF at all (an empty /sys/kernel/btf): kernel types are refused
# naming what is missing; a script without them still runs.
mkdir -p "$T/empty"
mount --bind "$T/empty" /sys/kernel/btf || exit 1
"$SONDE" -qn 'BEGIN { trace(curthread->pid); exit(0); }'
echo "exit status $?"
"$SONDE" -qn 'BEGIN { printf("ok\n"); exit(0); }'
rc=$?
umount /sys/kernel/btf
exit $rc

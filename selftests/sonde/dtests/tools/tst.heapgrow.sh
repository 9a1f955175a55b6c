# SPDX-License-Identifier: GPL-2.0
#
# heapgrow.d: toolwork grows its heap 4 times by 64 KiB (sbrk()).
. ./lib.sh
tool heapgrow -c "toolwork brk 4"
echo "rc=$?"
sed -n '1p' "$T/out"
grep '^PID' "$T/out"
# PID COMM CALLS BYTES: COMM CALLS BYTES
awk '$2 == "toolwork" { print $2, $3, $4 }' "$T/out"

# SPDX-License-Identifier: GPL-2.0
#
# mmapsnoop.d: toolwork maps 100 anonymous pages read-write, private.
. ./lib.sh
tool mmapsnoop toolwork -c "toolwork touch 100"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) PID COMM LENGTH PROT FLAG FD ERR ADDRESS
awk '$4 == 409600 { print $3, $4, $5, $6, $7, $8, ($9 ~ /^0x[0-9a-f]+$/ && $9 != "0x0") ? "ADDRESS" : $9 }' "$T/out"

# SPDX-License-Identifier: GPL-2.0
#
# filetop.d: toolwork writes 4 blocks of 4096 bytes to a file.
. ./lib.sh
tool filetop 1 -c "toolwork write $T/data 4 4096"
echo "rc=$?"
sed -n '1p' "$T/out"
grep -m1 '^PID' "$T/out"
# PID COMM T OPS BYTES FILE, added over the reports
awk '$2 == "toolwork" && $6 == "data" { ops += $4; bytes += $5 } END { print "toolwork W", ops, bytes, "data" }' "$T/out"

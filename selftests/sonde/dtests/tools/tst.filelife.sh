# SPDX-License-Identifier: GPL-2.0
#
# filelife.d: two files created and removed while traced.
. ./lib.sh
cmdfile "echo x > $T/one" "toolwork write $T/two 1 100" "rm $T/one $T/two"
tool filelife -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) PID COMM AGE(ms) FILE: COMM FILE
awk 'NR > 1 && NF { print $3, $5 }' "$T/out" | sort

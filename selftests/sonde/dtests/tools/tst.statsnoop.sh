# SPDX-License-Identifier: GPL-2.0
#
# statsnoop.d: stat(2) of a file that is there and of one that is not.
. ./lib.sh
cmdfile 'toolwork stat /etc/passwd 2' 'toolwork stat /nonexistent 1'
tool statsnoop toolwork -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) PID COMM CALL ERR PATH: COMM CALL ERR PATH
awk '$6 == "/etc/passwd" || $6 == "/nonexistent" { print $3, $4, $5, $6 }' "$T/out" | sort

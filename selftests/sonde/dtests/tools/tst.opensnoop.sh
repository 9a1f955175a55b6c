# SPDX-License-Identifier: GPL-2.0
#
# opensnoop.d: two opens that work, one of a file that is not there
# (ENOENT, 2); then only toolwork's, by NAME.
. ./lib.sh
cmdfile 'toolwork open /etc/passwd 2' 'toolwork open /nonexistent 1' 'cat /etc/group >/dev/null'
tool opensnoop -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) PID COMM FD ERR PATH: COMM FD ERR PATH
awk '$6 == "/etc/passwd" || $6 == "/nonexistent" || $6 == "/etc/group" { print $3, ($4 >= 0 ? "fd" : $4), $5, $6 }' "$T/out" | sort
tool opensnoop cat -c "sh $T/work.sh"
awk 'NR > 1 && $6 ~ /^\/etc\// { print $3, ($4 >= 0 ? "fd" : $4), $5, $6 }' "$T/out"

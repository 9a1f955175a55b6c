# SPDX-License-Identifier: GPL-2.0
#
# tcpconnect.d: net-prog's 3 connections to 127.0.0.1 port 7014 and 2 to
# ::1 port 7016, one line each (the pid left out); with PORT 7016 only
# the IPv6 ones; a connect() to a closed port: its line and "1 refused".
. ./lib.sh
cmdfile 'net-prog tcp4 3 100' 'net-prog tcp6 2 100'
tool tcpconnect -c "sh $T/work.sh"
echo "rc=$?"
awk 'NR == 1 { print; next } NF { $1 = ""; print }' "$T/out"
tool tcpconnect 7016 -c "sh $T/work.sh"
echo "rc=$?"
awk 'NR > 1 && NF { $1 = ""; print }' "$T/out"
tool tcpconnect -c 'net-prog refused'
echo "rc=$?"
awk 'NR > 1 && NF { if ($1 ~ /^[0-9]+$/ && NF == 6) $1 = ""; print }' "$T/out"

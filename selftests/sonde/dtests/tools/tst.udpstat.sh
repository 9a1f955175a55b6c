# SPDX-License-Identifier: GPL-2.0
#
# udpstat.d: net-prog's datagrams of 100, 200 and 300 bytes from port
# 7024 to port 7025: 3 sent from 7024 by net-prog, 600 bytes; 3 received
# at 7025, 600 bytes (the receiving CPU's process left out: loopback
# delivers in a softirq).
. ./lib.sh
tool udpstat -c 'net-prog udp4 100 200 300'
echo "rc=$?"
awk 'NR == 1 || $1 == "send" { print; next } $1 == "receive" { $2 = "COMM"; print }' "$T/out" | sort

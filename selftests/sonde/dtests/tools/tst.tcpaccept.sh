# SPDX-License-Identifier: GPL-2.0
#
# tcpaccept.d: net-prog's listener on port 7014 establishes its 3
# connections from 127.0.0.1 (the remote port, an ephemeral one, left
# out); a SYN to port 7019, where nothing listens, is refused.
. ./lib.sh
tool tcpaccept -c 'net-prog tcp4 3 100'
echo "rc=$?"
awk 'NR == 1 { print; next } NF { $5 = "RPORT"; print }' "$T/out"
tool tcpaccept 7019 -c 'net-prog refused'
echo "rc=$?"
awk 'NR > 1 && NF { $5 = "RPORT"; print }' "$T/out"

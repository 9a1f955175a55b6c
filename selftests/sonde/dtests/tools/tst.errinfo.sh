# SPDX-License-Identifier: GPL-2.0
#
# errinfo.d: toolwork opens a path through a file 5 times: ENOTDIR (20),
# an error nothing else in its start-up gets.
. ./lib.sh
tool errinfo -c "toolwork open /etc/passwd/x 5"
echo "rc=$?"
sed -n '1,2p' "$T/out"
awk '$1 == "toolwork" && $4 == "ENOTDIR"' "$T/out"

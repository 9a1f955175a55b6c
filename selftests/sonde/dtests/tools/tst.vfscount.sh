# SPDX-License-Identifier: GPL-2.0
#
# vfscount.d: 40 opens: vfs_open counted at least 40 times.
. ./lib.sh
tool vfscount -c "toolwork open /etc/passwd 40"
echo "rc=$?"
sed -n '1,2p' "$T/out"
atleast 40 "$(awk '$1 == "vfs_open" { print $2 }' "$T/out")"

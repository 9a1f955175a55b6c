# SPDX-License-Identifier: GPL-2.0
#
# syscount.d: loop-getppid calls getppid(2) exactly 100 times.
. ./lib.sh
tool syscount -c "loop-getppid 100"
echo "rc=$?"
sed -n '1,2p' "$T/out"
awk '$1 == "getppid"' "$T/out"
awk '$2 == "loop-getppid" { print "loop-getppid", ($3 >= 100 ? "at least 100" : $3) }' "$T/out"

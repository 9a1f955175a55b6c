# SPDX-License-Identifier: GPL-2.0
#
# cpuwalk.d: toolwork runs on the guest's CPUs, 0 and 1, and no other.
. ./lib.sh
tool cpuwalk -c "toolwork nap 5 20"
echo "rc=$?"
sed -n '1p' "$T/out"
sed -n 's/^  toolwork (pid [0-9]*), CPU$/toolwork, CPU/p' "$T/out"
awk '/\|/ && $NF > 0 { print ($1 == 0 || $1 == 1) ? "cpu 0 or 1" : "cpu " $1 }' "$T/out" | sort -u

# SPDX-License-Identifier: GPL-2.0
#
# profile.d: toolwork spins for 500 ms in spin(): its stack is sampled.
. ./lib.sh
tool profile -c "toolwork spin 500"
echo "rc=$?"
sed -n '1p' "$T/out"
grep -m1 -o 'toolwork`spin' "$T/out"
atleast 10 "$(awk '/^  [0-9]+$/ { n += $1 } END { print n }' "$T/out")"

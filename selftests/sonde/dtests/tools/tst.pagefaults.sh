# SPDX-License-Identifier: GPL-2.0
#
# pagefaults.d: toolwork writes to 100 new anonymous pages: at least 100
# write faults.
. ./lib.sh
tool pagefaults -c "toolwork touch 100"
echo "rc=$?"
sed -n '1p' "$T/out"
grep -m1 '^COMM' "$T/out"
atleast 100 "$(awk '$1 == "toolwork" && $3 == "write" { print $4 }' "$T/out")"
grep -c 'toolwork`touch' "$T/out" | sed 's/^[1-9][0-9]*$/touch() among the top stacks/'

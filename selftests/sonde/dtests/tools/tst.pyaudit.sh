# SPDX-License-Identifier: GPL-2.0
#
# pyaudit.d: the program opens its own file: an "open" event; with EVENT
# "open", only those.
. ./lib.sh
tool pyaudit open -c "python3.11 $PWD/pywork.py audit"
echo "rc=$?"
sed -n '1p' "$T/out"
awk 'NR > 1 && NF { print $3 }' "$T/out" | sort | uniq -c | awk '{ print $2, ($1 >= 1 ? "seen" : "") }'

# SPDX-License-Identifier: GPL-2.0
#
# pyimport.d: json is found and loaded (with the modules it imports);
# a module that does not exist is looked for and not found.
. ./lib.sh
tool pyimport -c "python3.11 $PWD/pywork.py import"
echo "rc=$?"
sed -n '1p' "$T/out"
# TIME(ms) TID FOUND LAT(us) MODULE: FOUND MODULE
awk '$5 == "json" || $5 == "sonde_no_such_module" { print $3, $5 }' "$T/out" | sort

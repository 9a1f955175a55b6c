# SPDX-License-Identifier: GPL-2.0
#
# pygc.d: 3 full collections (generation 2), 20 unreachable objects each.
. ./lib.sh
tool pygc -c "python3.11 $PWD/pywork.py gc"
echo "rc=$?"
sed -n '1s/pid [0-9]*/pid PID/p' "$T/out"
grep '^  generation 2, collection time (us)$' "$T/out"
grep '^GENERATION' "$T/out"
# at least the 3 collections and their 60 objects (the interpreter collects
# again as it exits)
awk '$1 == "2" && NF == 3 { print "2", ($2 >= 3 ? "at least 3 runs" : $2), ($3 >= 60 ? "at least 60 objects" : $3) }' "$T/out"

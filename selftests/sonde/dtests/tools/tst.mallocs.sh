# SPDX-License-Identifier: GPL-2.0
#
# mallocs.d: toolwork asks malloc() for 100000 bytes 7 times and
# calloc() for its array of 7 pointers.
. ./lib.sh
tool mallocs -c "toolwork malloc 100000 7"
echo "rc=$?"
sed -n '1s/pid [0-9]*/pid PID/p' "$T/out"
# malloc's histogram: the 65536 row (65536..131071)
awk '/malloc, bytes/ { m = 1 } /calloc, bytes/ { m = 0 } m && $1 == 65536 { print "malloc 65536", $NF }' "$T/out"
awk '$1 == "FUNCTION" || $1 == "calloc" { print $1, $2 }' "$T/out"

# SPDX-License-Identifier: GPL-2.0
#
# pidpersec.d: a shell starts ten processes; the total counts them (and
# whatever else the kernel started meanwhile).
. ./lib.sh
cmdfile 'for i in 1 2 3 4 5 6 7 8 9 10; do toolwork exit 0; done'
tool pidpersec -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
# the lines of whole seconds: TIME (20 characters) and NEW/s
awk 'NR > 1 && NF && !/^total: / && !/^[0-9][0-9][0-9][0-9] [A-Z][a-z][a-z] [ 0-9][0-9] [0-9:]+ +[0-9]+$/ { print "bad line: " $0 }' "$T/out"
atleast 10 "$(sed -n 's/^total: \([0-9]*\) new processes$/\1/p' "$T/out")"

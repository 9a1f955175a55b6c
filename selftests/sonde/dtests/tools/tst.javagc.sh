# SPDX-License-Identifier: GPL-2.0
#
# javagc.d: the workload calls System.gc() 3 times: 3 full collections
# (SerialGC).
# @@timeout: 180
. ./lib.sh
java_tool javagc
sed -n '1p' "$T/out"
# TIME(ms) TID FULL LAT(us): FULL
awk 'NR > 1 && $3 ~ /^(yes|no)$/ { print $3 }' "$T/out" | sort | uniq -c | awk '{ print $2, $1 }'
grep '^  .* collections, duration (us)$' "$T/out"

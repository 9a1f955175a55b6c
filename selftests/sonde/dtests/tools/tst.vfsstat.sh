# SPDX-License-Identifier: GPL-2.0
#
# vfsstat.d: 60 opens within the trace; the OPEN/s column counts them
# (and any other opens), so over the lines they add up to at least 60.
. ./lib.sh
cmdfile 'toolwork open /etc/passwd 60' 'toolwork nap 1200 1'
tool vfsstat 1 -c "sh $T/work.sh"
echo "rc=$?"
sed -n '1p' "$T/out"
atleast 60 "$(awk 'NR > 1 { n += $8 } END { print n }' "$T/out")"
tool vfsstat x
echo "rc=$?"

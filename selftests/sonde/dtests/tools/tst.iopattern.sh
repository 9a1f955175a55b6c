# SPDX-License-Identifier: GPL-2.0
#
# iopattern.d: 10 direct reads of 4 KiB, one after the other, from
# sector 800: the first is random (nothing before it), the 9 others
# sequential; all in one 10-second line (the last, printed at the end).
. ./lib.sh
cmdfile "dd if=/dev/vda of=/dev/null bs=4096 count=10 skip=100 iflag=direct 2>/dev/null"
tool iopattern 10 -c "sh $T/work.sh"
echo "rc=$?"
cat "$T/out"

# SPDX-License-Identifier: GPL-2.0
#
# A script that faults under -A reports its errors on -a, exactly as a
# run of it would have: the same output, the same ERROR line, the exit()
# status it gave before anyone claimed it.
. ./lib.sh

echo "a run:"
t "$SONDE" -s anon_fault.d
echo "exit status $?"
t "$SONDE" -A -o "$T/anon.img" -s anon_fault.d > /dev/null
anon_reload anonymous_path="$T/anon.img" || exit 1
echo "-a after -A:"
t "$SONDE" -a
echo "exit status $?"
anon_reload

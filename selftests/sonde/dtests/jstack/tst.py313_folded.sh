# SPDX-License-Identifier: GPL-2.0
#
# Debian 13's python3.13, -O folded (the flame graph's input) of a
# running program spinning in inner() (-p; profile.d): every line
# "frames count", outermost first, at least 90% of the samples through
# <module>, main, outer and inner at their lines in jstack_prog.py.
# @@timeout: 120
. ./spin.sh
spin_start 20 sh py313.sh
"$SONDE" -O folded -s profile.d -p "$PY"
rc=$?
spin_stop
exit $rc

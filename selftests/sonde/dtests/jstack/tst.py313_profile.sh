# SPDX-License-Identifier: GPL-2.0
#
# Debian 13's python3.13 (its frames' layout from the _Py_DebugOffsets
# the interpreter publishes): profile-997 in a running program spinning
# in inner() (-p; profile.d): at least 90% of the samples in stacks with
# inner, outer, main (innermost first) at the lines they are at, in
# jstack_prog.py.
# @@timeout: 120
. ./spin.sh
spin_start 20 sh py313.sh
"$SONDE" -O json -s profile.d -p "$PY"
rc=$?
spin_stop
exit $rc

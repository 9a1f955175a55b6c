# SPDX-License-Identifier: GPL-2.0
#
# CPython 3.12 (upstream's build, libpython shared: the runtime is the
# process's own helper; its layout from sonde's 3.12 table): profile-997
# in a running program spinning in inner() (-p; profile.d): at least 90%
# of the samples in stacks with inner, outer, main (innermost first) at
# the lines they are at, in jstack_prog.py.
# @@timeout: 120
. ./spin.sh
spin_start 20 python3.12
"$SONDE" -O json -s profile.d -p "$PY"
rc=$?
spin_stop
exit $rc

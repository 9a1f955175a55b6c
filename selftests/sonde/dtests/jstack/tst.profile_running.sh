# SPDX-License-Identifier: GPL-2.0
#
# profile-997 in a running program spinning in inner() (-p; profile.d):
# at least 90% of the samples in stacks with inner, outer, main
# (innermost first) at the lines they are at, in jstack_prog.py.  A walk
# that ends early (user memory the interrupt cannot read without faulting
# it in: a page the kernel is moving) is tolerated at 1% of the samples,
# as for 3.12 and 3.13 (check.py few-drops): seen once in 6.1's guest.
# @@timeout: 120
. ./spin.sh
spin_start 20
"$SONDE" -O json -s profile.d -p "$PY"
rc=$?
spin_stop
exit $rc

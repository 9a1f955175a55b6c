# SPDX-License-Identifier: GPL-2.0
#
# pycalls.d: tick() 7 times, tock() 3 times.
. ./lib.sh
tool pycalls -c "python3.11 $PWD/pywork.py calls"
echo "rc=$?"
sed -n '1s/pid [0-9]*/pid PID/p' "$T/out"
grep '^FILE' "$T/out"
awk '$1 == "pywork.py" && ($2 == "tick" || $2 == "tock")' "$T/out"

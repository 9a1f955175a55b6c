# SPDX-License-Identifier: GPL-2.0
#
# pycalls.d: tick() 7 times, tock() 3 times.
. ./lib.sh
tool pycalls -c "python3.11 $PWD/pywork.py calls"
echo "rc=$?"
sed -n '1s/pid [0-9]*/pid PID/p' "$T/out"
grep 'FILE:FUNCTION$' "$T/out"
awk '$2 == "pywork.py:tick" || $2 == "pywork.py:tock"' "$T/out"

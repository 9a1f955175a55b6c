# SPDX-License-Identifier: GPL-2.0
#
# -O flamegraph -o FILE of a running program spinning in inner() (-p;
# flamegraph.d): nothing on stdout, and an SVG python3.11's XML parser
# reads (svg.py), whose titles name inner, outer and main at their
# lines.
# @@timeout: 120
. ./spin.sh
spin_start 20
"$SONDE" -O flamegraph -o "$T/p.svg" -s flamegraph.d -p "$PY"
rc=$?
spin_stop
echo "exit status $rc"
python3.11 svg.py "$T/p.svg"

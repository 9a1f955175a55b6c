# SPDX-License-Identifier: GPL-2.0
#
# Every tool prints its usage for "help" (exit 0), and a bad argument
# gets the usage and exit status 2.
. ./lib.sh
for f in "$TOOLS"/*.d; do
	n=$(basename "$f")
	"$SONDE" -s "$f" help > "$T/out" 2>&1
	rc=$?
	first=$(sed -n 1p "$T/out")
	case $first in
	"USAGE: $n"*) echo "$n: usage, rc=$rc" ;;
	*) echo "$n: rc=$rc: $first" ;;
	esac
done
"$SONDE" -s "$TOOLS/syscount.d" 0 > "$T/out" 2>&1
echo "syscount.d 0: rc=$? $(sed -n 1p "$T/out")"
"$SONDE" -s "$TOOLS/mallocs.d" > "$T/out" 2>&1
echo "mallocs.d without -p: rc=$? $(sed -n 1p "$T/out")"
"$SONDE" -s "$TOOLS/tcpconnect.d" 70000 > "$T/out" 2>&1
echo "tcpconnect.d 70000: rc=$? $(sed -n 1p "$T/out")"

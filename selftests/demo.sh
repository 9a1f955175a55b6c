#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# demo.sh - 'make demo': two demo traces.  On this host when it can load
# sonde.ko (modules enabled, root, running kernel == KDIR's release),
# otherwise in the test guest (selftests/guest/run-guest.sh --cmd).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KO=$ROOT/sonde.ko
SONDE=$ROOT/build/sonde

D1='BEGIN { printf("hello, %s\n", "world"); exit(0); }'
D2='syscall:::entry { @[probefunc] = count(); } tick-1sec { exit(0); }'

# The release the module was built for.
krel() {
	local f=${KDIR:-/nonexistent}/include/generated/utsrelease.h
	if [ -r "$f" ]; then
		sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' "$f"
	elif command -v modinfo >/dev/null; then
		modinfo -F vermagic "$KO" 2>/dev/null | cut -d' ' -f1
	fi
}

can_load_here() {
	[ -e /proc/modules ] &&
		[ "$(id -u)" = 0 ] &&
		[ "$(cat /proc/sys/kernel/modules_disabled 2>/dev/null || echo 1)" = 0 ] &&
		[ "$(uname -r)" = "$(krel)" ] &&
		command -v insmod >/dev/null
}

run_here() {
	local loaded=0
	if ! grep -q '^sonde ' /proc/modules; then
		insmod "$KO" || return 1
		loaded=1
	fi
	# shellcheck disable=SC2064
	[ "$loaded" = 0 ] || trap "rmmod sonde" EXIT
	echo "# sonde -n '$D1'"
	"$SONDE" -n "$D1"
	echo "# sonde -qn '$D2'"
	"$SONDE" -qn "$D2"
}

if can_load_here; then
	echo "demo: on this host ($(uname -r))"
	if run_here; then
		exit 0
	fi
	echo "demo: could not run on this host; trying the guest" >&2
fi
echo "demo: in the QEMU guest"
# The command lines are shown through quoted here-documents, so the guest's
# shell prints them exactly as written.
exec "$ROOT/selftests/guest/run-guest.sh" --cmd "
cat <<'DEMO_EOF'
# sonde -n '$D1'
DEMO_EOF
sonde -n '$D1' || exit
cat <<'DEMO_EOF'
# sonde -qn '$D2'
DEMO_EOF
sonde -qn '$D2'"

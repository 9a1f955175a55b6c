#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-unstable.sh - `make check-kernels`: sonde against the newest kernel
# Debian unstable ships, which this Debian 12 host cannot install itself.
#
# 1. build/unstable/root: debootstrap sid (minbase) and, in a chroot,
#    linux-image-amd64 and linux-headers-amd64 (with the gcc and pahole
#    they name) -- cached for a day, as sid moves;
# 2. the module built in that chroot with sid's own compiler, from a copy
#    of the sources (no warnings allowed: -Werror, as always);
# 3. if that kernel boots in the test guest, the full selftests on it
#    (run-guest.sh with SONDE_KERNEL, SONDE_MODULES and KDIR from the
#    chroot; the userland is this host's, static or with its libraries).
#
# Ends with the runner's "N passed, N failed".  Root; network to the
# Debian mirror (PKG_MIRROR).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
B=$ROOT/build
U=$B/unstable
C=$U/root
MIRROR=${PKG_MIRROR:-http://deb.debian.org/debian}

die() {
	echo "check-unstable: $*" >&2
	exit 1
}

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot)"
command -v debootstrap >/dev/null || die "debootstrap not found; run 'make deps'"

# with_proc ROOT COMMAND...: COMMAND with ROOT/proc mounted, its status
# returned; unmounted however this script ends, so that a later rm -rf of
# the root never reaches into a live /proc.
PROC_MNT=
trap '[ -z "$PROC_MNT" ] || umount "$PROC_MNT"' EXIT
with_proc() {
	local r=$1 rc=0
	shift
	mount -t proc proc "$r/proc"
	PROC_MNT=$r/proc
	"$@" || rc=$?
	umount "$r/proc"
	PROC_MNT=
	return $rc
}

# The root's recipe: what the cache key covers (editing the rest of this
# script does not rebuild the root).  A mirror that is a snapshot, or
# lags, serves a sid Release whose Valid-Until has passed: apt refuses
# it unless told; its Date is printed below.
recipe() {
	cat <<'EOF'
export DEBIAN_FRONTEND=noninteractive INITRD=No
apt-get -o Acquire::Check-Valid-Until=false update
apt-get install -y --no-install-recommends linux-image-amd64 linux-headers-amd64
apt-get clean
EOF
}

hash=$( { date +%F; echo "$MIRROR"; recipe; } | sha256sum | cut -d' ' -f1)
if ! [ -d "$C" ] || [ "$(cat "$U/root.hash" 2>/dev/null)" != "$hash" ]; then
	rm -rf "$C" "$U/root.tmp" "$U/root.hash"
	mkdir -p "$U"
	echo "check-unstable: debootstrap sid (log $U/debootstrap.log)" >&2
	debootstrap --variant=minbase --include=kmod,make,ca-certificates sid \
		"$U/root.tmp" "$MIRROR" > "$U/debootstrap.log" 2>&1 ||
		{ tail -n 20 "$U/debootstrap.log" >&2; die "debootstrap sid failed"; }
	rc=0
	with_proc "$U/root.tmp" chroot "$U/root.tmp" /bin/sh -ec "$(recipe)" \
		> "$U/chroot.log" 2>&1 || rc=$?
	[ $rc = 0 ] || { tail -n 20 "$U/chroot.log" >&2; die "installing sid's kernel failed; see $U/chroot.log"; }
	mv "$U/root.tmp" "$C"
	echo "$hash" > "$U/root.hash"
fi
rdate=$(sed -n 's/^Date: //p' "$C"/var/lib/apt/lists/*_sid_InRelease 2>/dev/null | head -n 1)
echo "check-unstable: sid as of ${rdate:-an unknown date} (the mirror's Release file)" >&2

REL=$(ls "$C/lib/modules" | sort -V | tail -n 1)
[ -n "$REL" ] && [ -e "$C/boot/vmlinuz-$REL" ] || die "no kernel in $C"
echo "check-unstable: Debian unstable's kernel is $REL ($(chroot "$C" dpkg-query -W -f '${Version}' "linux-image-$REL" 2>/dev/null))" >&2

# the module, built in the chroot
rm -rf "$C/sonde"
mkdir -p "$C/sonde"
(cd "$ROOT" && cp -p --parents Kbuild VERSION kmod/*.[ch] vm/*.[ch] uapi/*.h "$C/sonde/")
rm -f "$C/sonde/kmod/sonde_syscalls.h"
# objtool of 7.x reads /proc (its stack limit) and fails without it
rc=0
with_proc "$C" chroot "$C" make -C "/usr/src/linux-headers-$REL" M=/sonde modules \
	> "$U/build.log" 2>&1 || rc=$?
if [ $rc != 0 ] || grep -q 'warning:' "$U/build.log"; then
	grep -E 'error|warning' "$U/build.log" | head -n 30 >&2
	echo "# FAIL: the module does not build cleanly for $REL; see $U/build.log"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "check-unstable: the module builds for $REL with no warnings" >&2

KDIR=$C/usr/src/linux-headers-$REL SONDE_KERNEL=$C/boot/vmlinuz-$REL \
	SONDE_MODULES=$C/lib/modules/$REL SONDE_KO=$C/sonde/sonde.ko \
	"$ROOT/selftests/guest/run-guest.sh"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-fresh.sh - `make check-fresh`: what CI does, on a machine that has
# nothing yet: a clean clone of this tree's HEAD in a fresh Debian 12
# chroot (debootstrap minbase, plus make and the default sources.list with
# its updates and security suites), where .ci/run installs the
# dependencies with `make deps`, builds, and runs `make check`.  It
# passes only if make deps installed everything the build and every test
# need.
#
# build/fresh/base is the debootstrap (cached for a day); each run copies
# it to build/fresh/root, clones into /src there, mounts /proc, /sys and
# /dev, and runs .ci/run with its output in build/fresh/ci.log.  Ends with
# the run's "N passed, N failed".  Root; network to the Debian mirror
# (PKG_MIRROR); some 5 GB of disk while it runs.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
F=$ROOT/build/fresh
MIRROR=${PKG_MIRROR:-http://deb.debian.org/debian}

die() {
	echo "check-fresh: $*" >&2
	exit 1
}

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot)"
command -v debootstrap >/dev/null || die "debootstrap not found; run 'make deps'"
git -C "$ROOT" rev-parse --verify -q HEAD >/dev/null || die "$ROOT is not a git tree"

# Mounts in the root, undone however this script ends; nothing is ever
# removed while something is mounted below it.
MOUNTS=()
unmount_all() {
	local i
	for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
		umount "${MOUNTS[i]}" 2>/dev/null || umount -l "${MOUNTS[i]}" || true
	done
	MOUNTS=()
}
trap unmount_all EXIT
mounted_below() {
	awk -v d="$1/" 'index($2 "/", d) == 1 { f = 1 } END { exit !f }' /proc/mounts
}
remove_tree() {
	mounted_below "$1" && die "something is still mounted below $1; not removing it"
	rm -rf "$1"
}

stamp="$(date +%F) $MIRROR"
if ! [ -d "$F/base" ] || [ "$(cat "$F/base.stamp" 2>/dev/null)" != "$stamp" ]; then
	remove_tree "$F/base"
	remove_tree "$F/base.tmp"
	mkdir -p "$F"
	echo "check-fresh: debootstrap bookworm (log $F/debootstrap.log)" >&2
	debootstrap --variant=minbase --include=make,ca-certificates bookworm \
		"$F/base.tmp" "$MIRROR" > "$F/debootstrap.log" 2>&1 ||
		{ tail -n 20 "$F/debootstrap.log" >&2; die "debootstrap failed"; }
	# as a Debian 12 installation has it
	cat > "$F/base.tmp/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb ${MIRROR%/debian}/debian-security bookworm-security main
EOF
	# a mirror that is a snapshot serves expired Release files
	echo 'Acquire::Check-Valid-Until "false";' > "$F/base.tmp/etc/apt/apt.conf.d/99sonde-snapshot"
	mv "$F/base.tmp" "$F/base"
	echo "$stamp" > "$F/base.stamp"
fi

remove_tree "$F/root"
cp -a "$F/base" "$F/root"
cp /etc/resolv.conf "$F/root/etc/resolv.conf" 2>/dev/null || true
git clone -q "$ROOT" "$F/root/src"
echo "check-fresh: a clean clone of $(git -C "$ROOT" rev-parse --short HEAD) in $F/root/src; .ci/run (log $F/ci.log)" >&2

mount -t proc proc "$F/root/proc"
MOUNTS+=("$F/root/proc")
mount -t sysfs sysfs "$F/root/sys"
MOUNTS+=("$F/root/sys")
mount --bind /dev "$F/root/dev"
MOUNTS+=("$F/root/dev")
mount -t devpts devpts "$F/root/dev/pts" 2>/dev/null && MOUNTS+=("$F/root/dev/pts")

t0=$(date +%s)
rc=0
chroot "$F/root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
	LANG=C.UTF-8 /bin/sh -c 'cd /src && .ci/run' > "$F/ci.log" 2>&1 || rc=$?
unmount_all
echo "check-fresh: .ci/run exited $rc after $(( $(date +%s) - t0 )) s" >&2

last=$(tail -n 1 "$F/ci.log")
if [ "$rc" != 0 ]; then
	grep -E 'not ok|FAIL|[Ee]rror|not found|No such file' "$F/ci.log" | tail -n 20 | sed 's/^/# /'
	echo "# FAIL: .ci/run in a fresh Debian 12 failed; see $F/ci.log"
	[[ $last =~ ^[0-9]+\ passed,\ [0-9]+\ failed ]] || last="0 passed, 1 failed"
fi
# the root (some 5 GB) is kept only to look into a failure
[ "$rc" != 0 ] || remove_tree "$F/root"
echo "$last"
exit "$rc"

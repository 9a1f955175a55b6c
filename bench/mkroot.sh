#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkroot.sh - the bench guest's Debian root file system, built with
# debootstrap into build/bench-guest/root (Debian 12) or
# build/bench-guest-trixie/root (Debian 13) and cached there.  It is
# rebuilt only when its inputs change: the package list, suite, mirror and
# this script, whose hash is stored in root.hash beside the root.
#
#   BENCH_SUITE=bookworm (default): bpftrace 0.17, python3.11
#   BENCH_SUITE=trixie: bpftrace 0.23, python3.13, openjdk-21 (the newest
#     bpftrace to compare with, Debian 13's Python and Java, booted on the
#     same bookworm kernels as the selftests)
#
# Environment: BENCH_SUITE, BENCH_MIRROR (default http://deb.debian.org/debian).
# Prints nothing when the cached root is current.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SUITE=${BENCH_SUITE:-bookworm}
MIRROR=${BENCH_MIRROR:-http://deb.debian.org/debian}
case $SUITE in
bookworm)
	BG=$ROOT/build/bench-guest
	PKGS=bpftrace,python3.11,procps,kmod ;;
trixie)
	BG=$ROOT/build/bench-guest-trixie
	PKGS=bpftrace,python3.13,procps,kmod,openjdk-21-jre-headless ;;
*)
	echo "mkroot: BENCH_SUITE=$SUITE: not bookworm or trixie" >&2
	exit 2 ;;
esac

die() {
	echo "mkroot: $*" >&2
	exit 1
}

hash=$( { echo "$SUITE $MIRROR $PKGS"; cat "${BASH_SOURCE[0]}"; } | sha256sum | cut -d' ' -f1)
if [ -d "$BG/root" ] && [ "$(cat "$BG/root.hash" 2>/dev/null)" = "$hash" ]; then
	exit 0
fi

command -v debootstrap >/dev/null || die "debootstrap not found (apt-get install debootstrap)"
[ "$(id -u)" = 0 ] || die "debootstrap needs root"
mkdir -p "$BG"
rm -rf "$BG/root" "$BG/root.tmp" "$BG/root.hash"
echo "mkroot: debootstrap $SUITE with $PKGS from $MIRROR (a few minutes; log in $BG/debootstrap.log)" >&2
if ! debootstrap --variant=minbase --include="$PKGS" "$SUITE" "$BG/root.tmp" "$MIRROR" \
	> "$BG/debootstrap.log" 2>&1; then
	tail -n 20 "$BG/debootstrap.log" >&2
	die "debootstrap failed; see $BG/debootstrap.log"
fi
# Smaller image, faster mkfs: the apt cache is not needed in the guest.
rm -rf "$BG/root.tmp/var/cache/apt/archives/"*.deb
mv "$BG/root.tmp" "$BG/root"
echo "$hash" > "$BG/root.hash"

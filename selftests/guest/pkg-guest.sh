#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# pkg-guest.sh - `make check-packages`: the Debian packages installed,
# upgraded across kernels and removed in a Debian 12 guest, as a sysadmin
# would (the busybox test guest has no dpkg, dkms or compiler).
#
#   pkg-guest.sh R1 R2     R1: the 6.1 release, R2: the 6.12 release
#
# 1. build/pkg-guest/root: debootstrap bookworm (minbase, dkms, kmod), then
#    in a chroot linux-headers-R1 (and so R1's image) installed, and R2's
#    image and headers downloaded into /pkg-kernel (cached; rebuilt when
#    this script or the releases change: a few minutes);
# 2. /pkg: build/deb/*.deb (make deb) and pkg-init.sh; a disk image made
#    from the root (mkfs.ext4 -d);
# 3. boot R1 (the host's vmlinuz, extracted, and initrd, root=/dev/vda):
#    phase 1 (selftests/guest/pkg-init.sh); then boot R2 on the same disk:
#    phase 2.  QEMU TCG (or KVM if run-guest.sh found that it boots).
#
# DKMS compiles the module twice inside the guest, which under TCG takes
# minutes: hence a target of its own, not part of make check.  Prints KTAP
# and ends with "N passed, N failed".  Environment: PKG_GUEST_TIMEOUT
# (seconds per boot, default 2400), PKG_MIRROR.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
B=$ROOT/build
PG=$B/pkg-guest
R=$PG/root
R1=${1:?usage: pkg-guest.sh R1 R2}
R2=${2:?usage: pkg-guest.sh R1 R2}
MIRROR=${PKG_MIRROR:-http://deb.debian.org/debian}
TIMEOUT=${PKG_GUEST_TIMEOUT:-2400}

die() {
	echo "pkg-guest: $*" >&2
	exit 1
}

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot)"
for c in debootstrap mkfs.ext4 qemu-system-x86_64; do
	command -v $c >/dev/null || die "$c not found; run 'make deps'"
done
ls "$B"/deb/sonde-dkms_*_all.deb "$B"/deb/sonde_*_amd64.deb >/dev/null 2>&1 ||
	die "no packages in $B/deb; run 'make deb'"

# ---- the root, cached ------------------------------------------------
hash=$( { echo "$R1 $R2 $MIRROR"; cat "${BASH_SOURCE[0]}"; } | sha256sum | cut -d' ' -f1)
if ! [ -d "$R" ] || [ "$(cat "$PG/root.hash" 2>/dev/null)" != "$hash" ]; then
	rm -rf "$R" "$PG/root.tmp" "$PG/root.hash"
	mkdir -p "$PG"
	echo "pkg-guest: debootstrap bookworm into $PG/root.tmp (minutes; log $PG/debootstrap.log)" >&2
	debootstrap --variant=minbase --include=dkms,kmod,ca-certificates bookworm \
		"$PG/root.tmp" "$MIRROR" > "$PG/debootstrap.log" 2>&1 ||
		{ tail -n 20 "$PG/debootstrap.log" >&2; die "debootstrap failed"; }
	cat > "$PG/root.tmp/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb ${MIRROR%/debian}/debian-security bookworm-security main
EOF
	cp /etc/resolv.conf "$PG/root.tmp/etc/resolv.conf" 2>/dev/null || true
	mount -t proc proc "$PG/root.tmp/proc"
	set +e
	chroot "$PG/root.tmp" /bin/sh -ec "
		export DEBIAN_FRONTEND=noninteractive INITRD=No
		apt-get update
		apt-get install -y --no-install-recommends linux-headers-$R1 linux-image-$R1
		rm -f /var/cache/apt/archives/*.deb
		apt-get install -y --no-install-recommends --download-only linux-headers-$R2 linux-image-$R2
		mkdir -p /pkg-kernel
		mv /var/cache/apt/archives/*.deb /pkg-kernel/
		apt-get clean" > "$PG/chroot.log" 2>&1
	rc=$?
	set -e
	umount "$PG/root.tmp/proc"
	[ $rc = 0 ] || { tail -n 20 "$PG/chroot.log" >&2; die "installing the kernels in the root failed; see $PG/chroot.log"; }
	mv "$PG/root.tmp" "$R"
	echo "$hash" > "$PG/root.hash"
fi

# ---- this run's disk -------------------------------------------------
rm -rf "$R/pkg"
mkdir -p "$R/pkg"
cp "$B"/deb/sonde-dkms_*_all.deb "$B"/deb/sonde_*_amd64.deb "$R/pkg/"
install -m 755 "$ROOT/selftests/guest/pkg-init.sh" "$R/pkg/init.sh"
IMG=$PG/disk.img
rm -f "$IMG"
size_mb=$(( $(du -sm "$R" | cut -f1) * 13 / 10 + 2048 ))
truncate -s "${size_mb}M" "$IMG"
mkfs.ext4 -q -F -L pkgroot -d "$R" "$IMG" || die "mkfs.ext4 -d failed"

ACCEL=(-accel "tcg,thread=single" -cpu max)
stamp=$B/guest/kvm-probe.$R1
if [ "$(sed -n 2p "$stamp" 2>/dev/null)" = yes ]; then
	ACCEL=(-accel kvm -cpu host)
fi

RES=$PG/results.log
: > "$RES"
boot() {	# RELEASE PHASE
	local rel=$1 vmlinux=$B/guest/vmlinux-$1
	[ -r "/boot/initrd.img-$rel" ] || die "no /boot/initrd.img-$rel"
	if ! [ -s "$vmlinux" ]; then
		mkdir -p "$B/guest"
		"$ROOT/selftests/guest/extract-vmlinux.sh" "/boot/vmlinuz-$rel" "$vmlinux"
	fi
	echo "pkg-guest: phase $2 on $rel (${ACCEL[1]}); console $PG/console-$2.log" >&2
	set +e
	timeout -k 10 "$TIMEOUT" qemu-system-x86_64 -nodefaults -no-user-config \
		-display none -no-reboot -m 2G -smp 2 "${ACCEL[@]}" \
		-kernel "$vmlinux" -initrd "/boot/initrd.img-$rel" \
		-append "console=ttyS0 panic=-1 loglevel=5 root=/dev/vda rw rootfstype=ext4 init=/pkg/init.sh sonde.phase=$2" \
		-drive "file=$IMG,if=virtio,format=raw" \
		-serial "file:$PG/console-$2.log" -serial stdio </dev/null 2>"$PG/qemu-$2.stderr" |
		sed -u 's/\r$//' | tee -a "$RES"
	local rc=${PIPESTATUS[0]}
	set -e
	[ "$rc" = 0 ] || echo "pkg-guest: qemu exited with status $rc (124: timeout)" >&2
}

boot "$R1" 1
boot "$R2" 2

passed=$(grep -c '^ok ' "$RES" || true)
failed=$(grep -c '^not ok ' "$RES" || true)
ends=$(grep -c '^### pkg-guest: end phase=' "$RES" || true)
[ "$ends" -eq 2 ] || { echo "# FAIL: a boot did not finish; see $PG/console-*.log"; failed=$((failed + 1)); }
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# pkg-guest.sh - `make check-packages`: the Debian packages installed,
# carried across a kernel upgrade and removed in a Debian 12 guest booted
# with systemd, as a sysadmin would (the busybox test guest has no dpkg,
# dkms, compiler or init system).
#
#   pkg-guest.sh R1 R2     R1: the 6.1 release, R2: the 6.12 release
#
# 1. build/pkg-guest/root: debootstrap bookworm (minbase, systemd, dkms,
#    kmod), then in a chroot linux-headers-R1 (and so R1's image)
#    installed, and R2's image and headers downloaded into /pkg-kernel
#    (cached; rebuilt when the recipe below or the releases change: a few
#    minutes);
# 2. /pkg: build/deb/*.deb (make deb) and pkg-init.sh, which the service
#    sonde-pkg-test.service runs at boot; a disk image made from the root
#    (mkfs.ext4 -d);
# 3. boot R1 (the host's vmlinuz, extracted, and initrd, root=/dev/vda):
#    phase 1 (selftests/guest/pkg-init.sh: install, kernel upgrade); boot
#    R2 on the same disk: phase 2 (the new kernel, removal); boot R2 again:
#    phase 3 (after the removal).  QEMU TCG (or KVM if run-guest.sh found
#    that it boots).
#
# DKMS compiles the module twice inside the guest, which under TCG takes
# minutes: hence a target of its own, not part of make check.  Prints KTAP
# and ends with "N passed, N failed"; a kernel splat in any boot fails
# the run.  Environment: PKG_GUEST_TIMEOUT (seconds per boot, default
# 2400), PKG_MIRROR, SONDE_TCG_THREAD (single, the default, or multi).
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

# What is installed in the root, run in a chroot: R1's image and headers
# (and with them the compiler and pahole DKMS needs), R2's downloaded for
# phase 1 to install.  The cache key is this recipe, not the whole script.
# Valid-Until is not checked: a mirror that is a snapshot serves expired
# Release files of the suites that have one (updates, security).
recipe() {
	cat <<EOF
export DEBIAN_FRONTEND=noninteractive INITRD=No
apt-get -o Acquire::Check-Valid-Until=false update
apt-get install -y --no-install-recommends linux-headers-$R1 linux-image-$R1
rm -f /var/cache/apt/archives/*.deb
apt-get install -y --no-install-recommends --download-only linux-headers-$R2 linux-image-$R2
mkdir -p /pkg-kernel
mv /var/cache/apt/archives/*.deb /pkg-kernel/
apt-get clean
[ -s /etc/machine-id ] || systemd-machine-id-setup
EOF
}

# The guest installs with dpkg -i and has no network: the command's own
# dependencies (the shared libraries dpkg-shlibdeps named: libbpf1,
# libelf1, libc6) come into the root, read from the package itself.
DEPS=$(dpkg-deb -f "$(ls "$B"/deb/sonde_*_amd64.deb | head -n 1)" Depends |
	tr ',' '\n' | sed 's/(.*//; s/|.*//; s/[[:space:]]//g' | grep . | sort | paste -sd, -)
INCLUDE=systemd-sysv,dkms,kmod,ca-certificates${DEPS:+,$DEPS}
hash=$( { echo "$MIRROR $INCLUDE"; recipe; } | sha256sum | cut -d' ' -f1)
if ! [ -d "$R" ] || [ "$(cat "$PG/root.hash" 2>/dev/null)" != "$hash" ]; then
	rm -rf "$R" "$PG/root.tmp" "$PG/root.hash"
	mkdir -p "$PG"
	echo "pkg-guest: debootstrap bookworm into $PG/root.tmp (minutes; log $PG/debootstrap.log)" >&2
	t0=$(date +%s)
	debootstrap --variant=minbase --include=$INCLUDE bookworm \
		"$PG/root.tmp" "$MIRROR" > "$PG/debootstrap.log" 2>&1 ||
		{ tail -n 20 "$PG/debootstrap.log" >&2; die "debootstrap failed"; }
	cat > "$PG/root.tmp/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb ${MIRROR%/debian}/debian-security bookworm-security main
EOF
	cp /etc/resolv.conf "$PG/root.tmp/etc/resolv.conf" 2>/dev/null || true
	rc=0
	with_proc "$PG/root.tmp" chroot "$PG/root.tmp" /bin/sh -ec "$(recipe)" \
		> "$PG/chroot.log" 2>&1 || rc=$?
	[ $rc = 0 ] || { tail -n 20 "$PG/chroot.log" >&2; die "installing the kernels in the root failed; see $PG/chroot.log"; }
	mv "$PG/root.tmp" "$R"
	echo "$hash" > "$PG/root.hash"
	echo "pkg-guest: the root took $(( $(date +%s) - t0 )) s" >&2
fi

# ---- this run's disk -------------------------------------------------
rm -rf "$R/pkg"
mkdir -p "$R/pkg"
cp "$B"/deb/sonde-dkms_*_all.deb "$B"/deb/sonde_*_amd64.deb "$R/pkg/"
install -m 755 "$ROOT/selftests/guest/pkg-init.sh" "$R/pkg/init.sh"
# the test, once per boot, when the system is up (in the disk only: the
# cached root keeps no trace of it)
UNIT=etc/systemd/system/sonde-pkg-test.service
WANTS=etc/systemd/system/multi-user.target.wants/sonde-pkg-test.service
cat > "$R/$UNIT" <<'EOF'
[Unit]
Description=sonde package test (make check-packages)
After=kmod-static-nodes.service systemd-tmpfiles-setup-dev.service

[Service]
Type=oneshot
ExecStart=/pkg/init.sh
TimeoutStartSec=infinity
StandardOutput=journal+console
StandardError=journal+console

[Install]
WantedBy=multi-user.target
EOF
mkdir -p "$(dirname "$R/$WANTS")"
ln -sf "/$UNIT" "$R/$WANTS"
IMG=$PG/disk.img
rm -f "$IMG"
size_mb=$(( $(du -sm "$R" | cut -f1) * 13 / 10 + 2048 ))
truncate -s "${size_mb}M" "$IMG"
rc=0
mkfs.ext4 -q -F -L pkgroot -d "$R" "$IMG" || rc=$?
rm -f "$R/$UNIT" "$R/$WANTS"
[ $rc = 0 ] || die "mkfs.ext4 -d failed"

# One host thread for both vCPUs, as run-guest.sh: multi-threaded TCG
# (QEMU 7.2) can keep running an int3 the kernel's text_poke_bp() has
# already replaced, and 6.12 then oopses at boot in sched_clock_tick,
# no module loaded (check-packages, 2026-11-24).
ACCEL=(-accel "tcg,thread=${SONDE_TCG_THREAD:-single}" -cpu max)
stamp=$B/guest/kvm-probe.$R1
if [ "$(sed -n 2p "$stamp" 2>/dev/null)" = yes ]; then
	ACCEL=(-accel kvm -cpu host)
fi

# No first-boot questions on the console, and nothing else taking the
# dpkg lock or the network: the daily apt and dpkg database timers are off.
SYSTEMD_OPTS="systemd.firstboot=off systemd.mask=apt-daily.timer"
SYSTEMD_OPTS+=" systemd.mask=apt-daily-upgrade.timer systemd.mask=dpkg-db-backup.timer"

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
		-append "console=ttyS0 panic=-1 loglevel=5 root=/dev/vda rw rootfstype=ext4 sondepkg.phase=$2 $SYSTEMD_OPTS" \
		-drive "file=$IMG,if=virtio,format=raw" \
		-serial "file:$PG/console-$2.log" -serial stdio </dev/null 2>"$PG/qemu-$2.stderr" |
		sed -u 's/\r$//' | tee -a "$RES"
	local rc=${PIPESTATUS[0]}
	set -e
	[ "$rc" = 0 ] || echo "pkg-guest: qemu exited with status $rc (124: timeout)" >&2
}

boot "$R1" 1
boot "$R2" 2
boot "$R2" 3

passed=$(grep -c '^ok ' "$RES" || true)
failed=$(grep -c '^not ok ' "$RES" || true)
ends=$(grep -c '^### pkg-guest: end phase=' "$RES" || true)
[ "$ends" -eq 3 ] || { echo "# FAIL: a boot did not finish; see $PG/console-*.log"; failed=$((failed + 1)); }
# A kernel splat in either boot fails the run, as in run-guest.sh (the
# console has warnings: loglevel=5).  Stalls and hung-task reports are
# shown but do not: a TCG guest compiling on a busy host may stall.
for ph in 1 2 3; do
	tr -d '\r' < "$PG/console-$ph.log" 2>/dev/null |
		grep -aE 'BUG:|WARNING:|Oops|general protection|Kernel panic|UBSAN:|KASAN:' |
		sed "s/^/# FAIL: phase $ph kernel log: /" | head -n 20 > "$PG/problems" || true
	if [ -s "$PG/problems" ]; then
		cat "$PG/problems"
		failed=$((failed + 1))
	fi
	tr -d '\r' < "$PG/console-$ph.log" 2>/dev/null |
		grep -aE 'stall|blocked for more than|soft lockup' |
		sed "s/^/# note: phase $ph kernel log: /" | head -n 5 || true
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

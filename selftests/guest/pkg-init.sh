#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# pkg-init.sh - /pkg/init.sh of the package guest (pkg-guest.sh): PID 1 of
# a Debian 12 root booted from its disk, as a sysadmin would use it.
# The phase comes on the kernel command line (sonde.phase=N):
#
#   1 (booted on 6.1): dpkg -i sonde-dkms and sonde; DKMS builds the module
#     for the running kernel; /dev/sonde is there, the module is not
#     loaded, `sonde -n 'BEGIN{exit(0)}'` works (loading it on demand);
#     then the 6.12 kernel's image and headers are installed from
#     /pkg-kernel, and DKMS's kernel hook builds sonde for it;
#   2 (booted on 6.12): /dev/sonde from modules.devname (what
#     kmod-static-nodes does at boot), sonde works with no modprobe;
#     dpkg -r sonde sonde-dkms removes everything.
#
# Results go to ttyS1 as KTAP lines and "### pkg-guest: ..." markers.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root LC_ALL=C DEBIAN_FRONTEND=noninteractive
# linux-image's initramfs hook: the guest boots the host's initrd
export INITRD=No

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /tmp
mount -o remount,rw /
exec 3>/dev/ttyS1

PHASE=$(sed -n 's/.*sonde\.phase=\([0-9]\).*/\1/p' /proc/cmdline)
N=0
mark() { echo "### pkg-guest: $*" >&3; }
ok() {	# NAME STATUS [diagnostic file]
	N=$((N + 1))
	if [ "$2" -eq 0 ]; then
		echo "ok $N $1" >&3
	else
		echo "not ok $N $1" >&3
		[ -n "${3:-}" ] && [ -s "$3" ] && tail -n 25 "$3" | sed 's/^/#   /' >&3
	fi
}
finish() {
	mark "end phase=$PHASE"
	sync
	echo o > /proc/sysrq-trigger 2>/dev/null
	poweroff -f
	sleep 30
}

REL=$(uname -r)
mark "begin phase=$PHASE kernel=$REL"
T=/tmp/pkg
mkdir -p $T

if [ "$PHASE" = 1 ]; then
	t0=$(date +%s)
	dpkg -i /pkg/sonde-dkms_*_all.deb /pkg/sonde_*_amd64.deb > $T/install.log 2>&1
	rc=$?
	mark "dpkg -i took $(( $(date +%s) - t0 )) s"
	ok "dpkg_install_both_packages" $rc $T/install.log
	dkms status > $T/dkms 2>&1
	grep -q "sonde/.*, $REL, x86_64: installed" $T/dkms
	ok "dkms_built_for_running_kernel_$REL" $? $T/dkms
	modinfo -F signer sonde > $T/signer 2>&1
	grep -qx 'DKMS module signing key' $T/signer
	ok "module_signed_by_dkms_key" $? $T/signer
	{ stat -c '%a %u %t:%T' /dev/sonde; grep -c '^sonde ' /proc/modules; } > $T/node 2>&1
	[ "$(head -n 1 $T/node)" = "600 0 a:f6" ] && [ "$(sed -n 2p $T/node)" = 0 ]
	ok "dev_sonde_made_module_not_loaded" $? $T/node
	sonde -n 'BEGIN { exit(0); }' > $T/run 2>&1 && grep -q '^sonde ' /proc/modules
	ok "sonde_works_without_modprobe" $? $T/run
	t0=$(date +%s)
	dpkg -i /pkg-kernel/*.deb > $T/kernel.log 2>&1
	rc=$?
	mark "kernel install (dkms build for the new kernel) took $(( $(date +%s) - t0 )) s"
	ok "new_kernel_installed" $rc $T/kernel.log
	dkms status > $T/dkms2 2>&1
	R2=$(ls /pkg-kernel | sed -n 's/^linux-image-\(.*\)_.*_amd64\.deb$/\1/p' | head -n 1)
	grep -q "sonde/.*, $R2, x86_64: installed" $T/dkms2
	ok "dkms_built_for_new_kernel_$R2" $? $T/dkms2
	finish
fi

if [ "$PHASE" = 2 ]; then
	# as kmod-static-nodes.service + systemd-tmpfiles do at boot
	kmod static-nodes --format=tmpfiles > $T/static 2>&1
	grep -q ' /dev/sonde ' $T/static
	ok "static_node_from_modules_devname_$REL" $? $T/static
	awk '$2 == "/dev/sonde" { split($7, mm, ":"); print mm[1], mm[2] }' $T/static |
		while read -r ma mi; do mknod -m 0600 /dev/sonde c "$ma" "$mi"; done
	sonde -qn 'BEGIN { printf("on %s\n", "6.12"); exit(0); }' > $T/run 2>&1 &&
		grep -qx 'on 6.12' $T/run && grep -q '^sonde ' /proc/modules
	ok "sonde_works_on_new_kernel_without_modprobe" $? $T/run
	dpkg -r sonde sonde-dkms > $T/remove.log 2>&1
	ok "dpkg_remove_both_packages" $? $T/remove.log
	{
		ls -d /usr/src/sonde-* /var/lib/dkms/sonde /usr/sbin/sonde \
			/usr/include/sonde /usr/share/man/man8/sonde.8.gz \
			/lib/modules/*/updates/dkms/sonde.ko* /dev/sonde 2>/dev/null
		grep '^sonde ' /proc/modules
		dkms status 2>&1 | grep sonde
		grep -l sonde /lib/modules/*/modules.dep 2>/dev/null
	} > $T/left 2>&1
	[ ! -s $T/left ]
	ok "remove_leaves_nothing" $? $T/left
	finish
fi

mark "unknown phase '$PHASE'"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# pkg-init.sh - /pkg/init.sh of the package guest (pkg-guest.sh): a
# Debian 12 system booted with systemd from its disk runs it once per
# boot as the service sonde-pkg-test.service, and it does what a
# sysadmin would.  The phase comes on the kernel command line
# (sondepkg.phase=N):
#
#   1 (booted on 6.1): dpkg -i sonde-dkms and sonde; DKMS builds the module
#     for the running kernel and signs it; /dev/sonde is there, the module
#     is not loaded, `sonde -n 'BEGIN{exit(0)}'` works (loading it on
#     demand); then the 6.12 kernel's image and headers are installed from
#     /pkg-kernel, and DKMS's kernel hook builds sonde for it;
#   2 (booted on 6.12): kmod-static-nodes made /dev/sonde at boot, the
#     module is not loaded, sonde works with no modprobe; dpkg -r sonde
#     sonde-dkms removes everything: files, DKMS tree, the module in every
#     kernel, the /dev node rule;
#   3 (6.12 again): the reboot made no /dev/sonde.
#
# Results go to ttyS1 as KTAP lines (numbered on across the phases) and
# "### pkg-guest: ..." markers; then the guest powers off.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root LC_ALL=C DEBIAN_FRONTEND=noninteractive
# linux-image's initramfs hook: the guest boots the host's initrd
export INITRD=No

exec 3>/dev/ttyS1

PHASE=$(sed -n 's/.*sondepkg\.phase=\([0-9]\).*/\1/p' /proc/cmdline)
N=$(cat /pkg/ktap-n 2>/dev/null || echo 0)
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
	echo "$N" > /pkg/ktap-n
	mark "end phase=$PHASE"
	sync
	systemctl --no-block poweroff
	exit 0
}
# "MODE UID MAJOR:MINOR" of /dev/sonde, and whether the module is loaded
node_state() {
	stat -c '%a %u %t:%T' /dev/sonde 2>&1
	if [ -d /sys/module/sonde ]; then echo loaded; else echo not-loaded; fi
}

# ---- sonde@NAME.service (phase 1) ---------------------------------
# await UNIT ERE [SECONDS]: the unit's journal (this boot) gets a line
# matching ERE; its journal is left in $T/UNIT.log either way
await() {
	local i=0
	while [ $i -lt "${3:-120}" ]; do
		journalctl -b -q -u "$1" -o cat > "$T/$1.log" 2>&1
		grep -Eq "$2" "$T/$1.log" && return 0
		sleep 1
		i=$((i + 1))
	done
	return 1
}
# count UNIT ERE: how many lines of the unit's journal match ERE
count() {
	journalctl -b -q -u "$1" -o cat 2>/dev/null | grep -Ec "$2"
}
# svc_script NAME VERSION: a script saying so at BEGIN, each second, END
svc_script() {
	cat > /etc/sonde/scripts.d/$1.d <<EOF
#pragma D option quiet
BEGIN { printf("svc $2 begin\n"); stack(); }
tick-1s { printf("svc $2 tick\n"); }
END { printf("svc $2 end\n"); }
EOF
}
service_checks() {
	local u=sonde@t.service n i rc
	{ systemctl is-enabled $u; ls /etc/sonde/scripts.d;
	  ls /usr/share/doc/sonde/examples; } > $T/unit 2>&1
	[ "$(head -n 1 $T/unit)" = disabled ] && grep -qx syscalls.d $T/unit
	ok "service_installed_disabled" $? $T/unit

	svc_script t v1
	systemctl start $u
	await $u '^svc v1 tick$'
	ok "service_start_output_in_journal" $? $T/$u.log
	# the hardened unit still reads kernel symbols: BEGIN's stack() is
	# the GO ioctl's
	grep -q 'vmlinux`__x64_sys_ioctl' $T/$u.log
	ok "service_stack_symbols_under_hardening" $? $T/$u.log
	systemd-analyze security --no-pager $u > $T/security 2>&1
	mark "systemd-analyze security $u: $(grep -o 'Overall exposure level.*' $T/security)"

	svc_script t v2
	systemctl reload $u
	await $u '^svc v2 tick$' && grep -qx 'svc v1 end' $T/$u.log &&
		grep -q '^sonde: reloaded: the new program traces$' $T/$u.log &&
		[ "$(systemctl show -P NRestarts $u)" = 0 ]
	ok "service_reload_changes_the_script" $? $T/$u.log

	echo 'BEGIN { x = ; }' > /etc/sonde/scripts.d/t.d
	systemctl reload $u
	await $u 'reload failed: the running program goes on' &&
		grep -q 'error: \[D_SYNTAX\]' $T/$u.log
	ok "service_reload_broken_script_says_why" $? $T/$u.log
	n=$(count $u '^svc v2 tick$')
	sleep 4
	[ "$(count $u '^svc v2 tick$')" -gt "$n" ] &&
		[ "$(systemctl is-active $u)" = active ]
	ok "service_reload_broken_script_keeps_the_old_one" $? $T/$u.log

	systemctl stop $u
	await $u '^svc v2 end$' 10 && [ "$(systemctl is-active $u)" = inactive ]
	ok "service_stop_runs_end" $? $T/$u.log

	# a script that fails at run time is restarted, its reason in the
	# journal
	u=sonde@fail.service
	cat > /etc/sonde/scripts.d/fail.d <<'EOF'
#pragma D option quiet
BEGIN { printf("svc fail begin\n"); }
tick-1s { printf("giving up: the disk is full\n"); exit(1); }
EOF
	systemctl start $u
	i=0
	while [ $i -lt 90 ] && [ "$(count $u '^svc fail begin$')" -lt 2 ]; do
		sleep 1
		i=$((i + 1))
	done
	journalctl -b -q -u $u > $T/$u.full 2>&1
	[ "$(count $u '^svc fail begin$')" -ge 2 ] &&
		grep -q 'giving up: the disk is full' $T/$u.full &&
		grep -q 'status=1/FAILURE' $T/$u.full &&
		[ "$(systemctl show -P NRestarts $u)" -ge 1 ]
	ok "service_runtime_failure_restarts_with_reason" $? $T/$u.full
	systemctl stop $u

	# a compile error is not restarted (status 3)
	u=sonde@bad.service
	echo 'BEGIN { x = ; }' > /etc/sonde/scripts.d/bad.d
	systemctl start $u
	await $u 'error: \[D_SYNTAX\]' 60
	sleep 15
	journalctl -b -q -u $u > $T/$u.full 2>&1
	[ "$(systemctl show -P NRestarts $u)" = 0 ] &&
		[ "$(systemctl show -P ExecMainStatus $u)" = 3 ] &&
		[ "$(systemctl is-active $u)" = failed ] &&
		grep -q 'error: \[D_SYNTAX\]' $T/$u.full
	ok "service_compile_error_not_restarted" $? $T/$u.full
	systemctl reset-failed $u

	# output to a file in /var/log/sonde, JSON lines
	u=sonde@json.service
	echo 'SONDE_OPTS="-O json -o /var/log/sonde/json.json"' > /etc/default/sonde-json
	svc_script json v1
	systemctl start $u
	i=0
	while [ $i -lt 120 ] && ! grep -q 'svc v1 tick' /var/log/sonde/json.json 2>/dev/null; do
		sleep 1
		i=$((i + 1))
	done
	{ head -n 3 /var/log/sonde/json.json; journalctl -b -q -u $u; } > $T/json 2>&1
	head -n 1 /var/log/sonde/json.json 2>/dev/null | grep -q '^{.*svc v1 begin' &&
		grep -q 'svc v1 tick' /var/log/sonde/json.json &&
		! journalctl -b -q -u $u -o cat | grep -q '^svc v1'
	ok "service_json_lines_to_a_file" $? $T/json
	systemctl stop $u
	rm -f /etc/sonde/scripts.d/*.d /etc/default/sonde-json
}

REL=$(uname -r)
mark "begin phase=$PHASE kernel=$REL uptime=$(cut -d' ' -f1 /proc/uptime)"
T=/root/pkg-test.$PHASE
rm -rf $T
mkdir -p $T

[ -d /run/systemd/system ] && [ "$(cat /proc/1/comm)" = systemd ]
ok "phase${PHASE}_booted_with_systemd" $?

if [ "$PHASE" = 1 ]; then
	t0=$(date +%s)
	dpkg -i /pkg/sonde-dkms_*_all.deb /pkg/sonde_*_amd64.deb > $T/install.log 2>&1
	rc=$?
	mark "dpkg -i (DKMS build for $REL) took $(( $(date +%s) - t0 )) s"
	ok "dpkg_install_both_packages" $rc $T/install.log
	dkms status > $T/dkms 2>&1
	grep -q "sonde/.*, $REL, x86_64: installed" $T/dkms
	ok "dkms_built_for_running_kernel_$REL" $? $T/dkms
	modinfo -F signer sonde > $T/signer 2>&1
	grep -qx 'DKMS module signing key' $T/signer
	ok "module_signed_by_dkms_key" $? $T/signer
	node_state > $T/node
	[ "$(cat $T/node)" = "600 0 a:f6
not-loaded" ]
	ok "dev_sonde_made_module_not_loaded" $? $T/node
	sonde -n 'BEGIN { exit(0); }' > $T/run 2>&1 && [ -d /sys/module/sonde ]
	ok "sonde_works_without_modprobe" $? $T/run
	service_checks
	t0=$(date +%s)
	dpkg -i /pkg-kernel/*.deb > $T/kernel.log 2>&1
	rc=$?
	mark "kernel install (DKMS build for the new kernel) took $(( $(date +%s) - t0 )) s"
	ok "new_kernel_installed" $rc $T/kernel.log
	dkms status > $T/dkms2 2>&1
	R2=$(ls /pkg-kernel | sed -n 's/^linux-image-\(.*\)_.*_amd64\.deb$/\1/p' | head -n 1)
	grep -q "sonde/.*, $R2, x86_64: installed" $T/dkms2
	ok "dkms_built_for_new_kernel_$R2" $? $T/dkms2
	finish
fi

if [ "$PHASE" = 2 ]; then
	# made at boot by kmod-static-nodes.service and systemd-tmpfiles
	{ node_state; grep ' /dev/sonde ' /run/tmpfiles.d/static-nodes.conf; } > $T/node 2>&1
	[ "$(head -n 2 $T/node)" = "600 0 a:f6
not-loaded" ] && [ "$(wc -l < $T/node)" = 3 ]
	ok "dev_sonde_at_boot_module_not_loaded_$REL" $? $T/node
	sonde -qn 'BEGIN { printf("on %s\n", "6.12"); exit(0); }' > $T/run 2>&1 &&
		grep -qx 'on 6.12' $T/run && [ -d /sys/module/sonde ]
	ok "sonde_works_on_new_kernel_without_modprobe" $? $T/run
	t0=$(date +%s)
	dpkg -r sonde sonde-dkms > $T/remove.log 2>&1
	rc=$?
	mark "dpkg -r took $(( $(date +%s) - t0 )) s"
	ok "dpkg_remove_both_packages" $rc $T/remove.log
	{
		ls -d /usr/src/sonde-* /var/lib/dkms/sonde /usr/sbin/sonde \
			/usr/include/sonde /usr/share/man/man8/sonde.8.gz \
			/usr/lib/*/libsonde.a /usr/share/doc/sonde \
			/lib/modules/*/updates/dkms/sonde.ko* 2>/dev/null
		[ -d /sys/module/sonde ] && echo "module still loaded"
		dkms status 2>&1 | grep sonde
		grep -lw sonde /lib/modules/*/modules.dep \
			/lib/modules/*/modules.devname /lib/modules/*/modules.alias \
			/run/tmpfiles.d/static-nodes.conf 2>/dev/null
		# "rc": removed, only the postrm kept for a purge
		dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' 'sonde*' 2>/dev/null |
			awk '$1 != "rc" && $1 != "un"'
	} > $T/left 2>&1
	[ ! -s $T/left ]
	ok "remove_leaves_nothing" $? $T/left
	finish
fi

if [ "$PHASE" = 3 ]; then
	{ ls -l /dev/sonde; ls -d /sys/module/sonde; } > $T/left 2>/dev/null
	[ ! -s $T/left ]
	ok "no_dev_sonde_after_reboot" $? $T/left
	finish
fi

mark "unknown phase '$PHASE'"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_messages.sh - what a new user meets, in the test guest (root,
# sonde.ko loaded from /sonde.ko, busybox): /dev/sonde's mode and number,
# the remedy printed when /dev/sonde cannot be opened (module not loaded,
# not root), the module loading on demand when /dev/sonde is opened, and
# a program built the way PostgreSQL's build uses dtrace (-h, -G) traced.
#
# Tests that unload the module load it again before they return, whatever
# happened.  Every command runs under a timeout.

cd "$(dirname "$0")" || exit 1
. ./ktap_helpers.sh

SONDE=${SONDE:-sonde}
KO=${SONDE_KO:-/sonde.ko}
SDTG=/sdtg-prog
[ -x "$SDTG" ] || SDTG=$PWD/sdtg-prog
T=$(mktemp -d /tmp/test_messages.XXXXXX)
REL=$(uname -r)
MODDIR=/lib/modules/$REL

reload() {
	grep -q '^sonde ' /proc/modules || insmod "$KO" 2>/dev/null
}
cleanup() {
	reload
	rm -rf "$T" "$MODDIR/extra/sonde.ko"
}
trap cleanup EXIT

# /dev/sonde: root's, 0600, the fixed misc minor the devname alias names.
test_node() {
	mode=$(stat -c '%a %u %t:%T' /dev/sonde 2>&1)
	if [ "$mode" = "600 0 a:f6" ]; then
		return 0
	fi
	ktap_diag "want '600 0 a:f6' (mode, owner, major:minor in hex), got '$mode'"
	return 1
}

# Not root: says so and how.
test_not_root() {
	run 30 su -s /bin/sh nobody -c "$(command -v "$SONDE") -n 'BEGIN { exit(0); }'"
	if [ "$rc" -eq 1 ] && grep -q 'failed to initialize sonde' "$T/err" &&
	   grep -q 'sonde needs root: run it as root or with sudo' "$T/err"; then
		return 0
	fi
	ktap_diag "want exit status 1 and 'sonde needs root' on stderr"
	show
	return 1
}

# No module loaded, none installed for this kernel: says what to do.
test_no_module() {
	rmmod sonde || { ktap_diag "rmmod sonde failed"; return 1; }
	run 30 "$SONDE" -n 'BEGIN { exit(0); }'
	reload
	if [ "$rc" -eq 1 ] &&
	   grep -q 'failed to initialize sonde: /dev/sonde: No such file or directory' "$T/err" &&
	   grep -q "no sonde module is installed for the running kernel $REL" "$T/err"; then
		return 0
	fi
	ktap_diag "want exit status 1 and the remedy on stderr"
	show
	return 1
}

# Installed (modules.dep), not loaded: modprobe is the remedy; and with
# the node in place (as kmod static-nodes makes it at boot), opening it
# loads the module through its char-major-10-246 alias.
test_on_demand() {
	mkdir -p "$MODDIR/extra" && cp "$KO" "$MODDIR/extra/sonde.ko" &&
		depmod "$REL" || { ktap_diag "cannot install the module in $MODDIR"; return 1; }
	rmmod sonde || { ktap_diag "rmmod sonde failed"; return 1; }
	run 30 "$SONDE" -n 'BEGIN { exit(0); }'
	if ! { [ "$rc" -eq 1 ] && grep -q "load it with 'modprobe sonde'" "$T/err"; }; then
		reload
		ktap_diag "want the modprobe remedy"
		show
		return 1
	fi
	mknod -m 0600 /dev/sonde c 10 246
	run 60 "$SONDE" -qn 'BEGIN { printf("loaded\n"); exit(0); }'
	loaded=$(grep -c '^sonde ' /proc/modules)
	reload
	if [ "$rc" -eq 0 ] && grep -qx loaded "$T/out" && [ "$loaded" -eq 1 ]; then
		return 0
	fi
	ktap_diag "want the open of /dev/sonde to load the module (modprobe: $(cat /proc/sys/kernel/modprobe))"
	show
	return 1
}

# A program built as PostgreSQL builds: its probes and semaphores work.
test_sdtg() {
	if ! [ -x "$SDTG" ]; then
		skip_reason="no $SDTG"
		return 4
	fi
	run 60 "$SONDE" -q -n 'sdtg$target:::query-start { @s[copyinstr(arg1)] = count(); }
	    sdtg$target:::query-done /arg1 == 0/ { @d = count(); }
	    END { printa("start %s %@d\n", @s); printa("fired %@d\n", @d); }' \
		-c "$SDTG 10"
	if [ "$rc" -eq 0 ] && grep -qx 'start select 10' "$T/out" &&
	   grep -qx 'fired 10' "$T/out" && grep -qx 'done 10' "$T/out"; then
		# its is-enabled path ran only while traced
		"$SDTG" 3 > "$T/untraced"
		grep -qx 'done 0' "$T/untraced" && return 0
		ktap_diag "untraced: $(cat "$T/untraced")"
	fi
	ktap_diag "want 'start select 10', 'fired 10' and the program's 'done 10'"
	show
	return 1
}

result() {
	if [ "$2" -eq 4 ]; then
		ktap_skip "$1" "$skip_reason"
	else
		ktap_result "$1" "$2"
	fi
}

ktap_header 5
test_node; result device_node_mode_and_number $?
test_not_root; result open_not_root_says_why $?
test_no_module; result open_no_module_says_why $?
test_on_demand; result open_loads_module_on_demand $?
test_sdtg; result sdt_program_built_with_h_and_G $?
ktap_finish

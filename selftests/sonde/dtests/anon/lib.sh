# SPDX-License-Identifier: GPL-2.0
#
# lib.sh - what the anonymous-tracing tests share: loading sonde.ko again
# with module parameters (the module reads the anonymous enabling when it
# loads), and the kernel log since a mark, with the test's scratch folder
# written $T so that the expected output is stable.

# The guest's module; the test's .x skips when it is not there.
KO=${SONDE_KO_PATH:-/sonde.ko}

# anon_reload [PARAM=VALUE...]: rmmod and insmod with those parameters.
anon_reload() {
	rmmod sonde || { echo "rmmod sonde failed"; return 1; }
	insmod "$KO" "$@" || { echo "insmod $KO $* failed"; return 1; }
}

# anon_mark: a line in the kernel log that anon_log starts after.
ANON_N=0
anon_mark() {
	ANON_N=$((ANON_N + 1))
	ANON_MARK="sonde-dtest: anon mark $$.$ANON_N;"
	echo "$ANON_MARK" > /dev/kmsg
}

# anon_log: the module's lines about anonymous enablings since the mark,
# without their time stamps, $T for the scratch folder, the pid and CPU
# that vary from run to run masked.
anon_log() {
	dmesg | sed -n "/$ANON_MARK/,\$p" | grep 'sonde: anonymous' |
		sed 's/^\[[ 0-9.]*\] //; s/by pid [0-9]*/by pid PID/' |
		sed 's/BEGIN on CPU [0-9]*/BEGIN on CPU N/' |
		sed "s|$T|\$T|g"
}

# t CMD...: run it, stderr into stdout, $T written $T; its exit status.
t() {
	"$@" > "$T/t.out" 2>&1
	t_rc=$?
	sed "s|$T|\$T|g" "$T/t.out"
	return $t_rc
}

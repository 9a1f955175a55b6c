#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# test-runner.sh - the guest runner's own tests (make check-runner, part of
# make check), each a short guest boot running one sonde command:
#
#   kvm_aborts   a KVM device that exists but whose QEMU aborts as on the
#                hosts DESIGN.md names ("failed to set MSR 0x10a"): the
#                run must still pass, on TCG, saying so in one line;
#   kvm_hangs    a KVM whose boot hangs: the probe gives up after
#                SONDE_KVM_PROBE_TIMEOUT and the run passes on TCG, in
#                bounded time;
#   kernel_and_modules  SONDE_KERNEL set (once exit 141 with no output)
#                and SONDE_MODULES naming the modules folder.
#
# The fake device is a character device node in a temporary folder (it
# only has to pass the runner's -c/-r/-w test); the fake QEMU is a
# wrapper that misbehaves only when asked for KVM and otherwise runs the
# real one.  KTAP output; the last line is "N passed, N failed".
#
#   test-runner.sh RELEASE      (sonde.ko for RELEASE: build/kmod/RELEASE/)
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
REL=${1:?usage: test-runner.sh RELEASE}
KO=$ROOT/build/kmod/$REL/sonde.ko
RUN=$ROOT/selftests/guest/run-guest.sh
REAL_QEMU=$(command -v qemu-system-x86_64)
T=$(mktemp -d /tmp/test-runner.XXXXXX)
# The guest lock for all three runs, so the bound below times a run, not
# the wait for other trees' guests (run-guest.sh leaves it to us).
exec {guest_lock}>"${SONDE_GUEST_LOCK:-/tmp/sonde-guest.lock}"
flock "$guest_lock"
export SONDE_GUEST_LOCK_HELD=1
trap 'rm -rf "$T"' EXIT

kdir=
for d in "/lib/modules/$REL/build" "/usr/src/linux-headers-$REL"; do
	[ -e "$d/Makefile" ] && { kdir=$d; break; }
done
export KDIR=$kdir SONDE_KO=$KO

n=0 fail=0
result() {
	n=$((n + 1))
	if [ "$2" -eq 0 ]; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		fail=$((fail + 1))
	fi
}
echo "TAP version 13"
echo "1..3"

mknod "$T/kvm" c 1 3 || { echo "Bail out! cannot mknod a fake KVM device"; exit 1; }

# fake_qemu MODE: a QEMU that, when asked for KVM, aborts or hangs.
fake_qemu() {
	cat > "$T/qemu-$1" <<EOF
#!/bin/bash
for a in "\$@"; do
	if [ "\$a" = kvm ]; then
		case $1 in
		abort)
			echo "qemu-system-x86_64: error: failed to set MSR 0x10a to 0x69" >&2
			echo "qemu-system-x86_64: ../../target/i386/kvm/kvm.c:3183: kvm_buf_set_msrs: Assertion failed." >&2
			kill -ABRT \$\$ ;;
		hang)
			exec sleep 1000 ;;
		esac
	fi
done
exec "$REAL_QEMU" "\$@"
EOF
	chmod +x "$T/qemu-$1"
}

CMD="sonde -qn 'BEGIN { printf(\"hello from %s\\n\", \"sonde\"); exit(0); }'"

# run_case NAME: the guest with $CMD, its output in $T/NAME.{out,err}.
run_case() {
	local t0=$EPOCHREALTIME
	"$RUN" --cmd "$CMD" > "$T/$1.out" 2> "$T/$1.err"
	rc=$?
	secs=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%d", b - a }')
}

check_hello() {
	[ "$rc" -eq 0 ] && grep -qx 'hello from sonde' "$T/$1.out"
}

show() {
	echo "# exit status $rc after $secs s; stdout:"
	sed 's/^/#   /' "$T/$1.out" | head -20
	echo "# stderr:"
	sed 's/^/#   /' "$T/$1.err" | head -20
}

# 1. KVM aborts: a passing run on TCG and exactly one line saying so
fake_qemu abort
SONDE_QEMU=$T/qemu-abort SONDE_KVM_DEV=$T/kvm SONDE_ACCEL=auto run_case kvm_aborts
lines=$(grep -c 'KVM does not boot the guest.*using TCG' "$T/kvm_aborts.err")
if check_hello kvm_aborts && [ "$lines" -eq 1 ] &&
   grep -q 'failed to set MSR 0x10a' "$T/kvm_aborts.err"; then
	result kvm_aborts_falls_back_to_tcg 0
else
	show kvm_aborts
	result kvm_aborts_falls_back_to_tcg 1
fi

# 2. KVM hangs: the probe is bounded (5 s here) and the run passes
fake_qemu hang
SONDE_QEMU=$T/qemu-hang SONDE_KVM_DEV=$T/kvm SONDE_KVM_PROBE_TIMEOUT=5 run_case kvm_hangs
# the probe's 5 s plus one TCG boot; 600 s would be the whole-run timeout
if check_hello kvm_hangs && grep -q 'no kernel banner within 5 s); using TCG' "$T/kvm_hangs.err" &&
   [ "$secs" -lt 120 ]; then
	echo "# hang case: $secs s"
	result kvm_hangs_bounded_falls_back_to_tcg 0
else
	show kvm_hangs
	result kvm_hangs_bounded_falls_back_to_tcg 1
fi

# 3. SONDE_KERNEL and SONDE_MODULES: a folder of our own, so the virtio
# driver must come from there (the guest gets its scratch disk)
mkdir -p "$T/mods"
for f in /lib/modules/"$REL"/*; do
	ln -s "$f" "$T/mods/"
done
CMD_SAVE=$CMD
CMD="$CMD; test -b /dev/vda && echo have-vda"
SONDE_KERNEL=/boot/vmlinuz-$REL SONDE_MODULES=$T/mods SONDE_ACCEL=tcg run_case kernel_and_modules
CMD=$CMD_SAVE
if check_hello kernel_and_modules && grep -qx have-vda "$T/kernel_and_modules.out"; then
	result kernel_and_modules_chosen 0
else
	show kernel_and_modules
	result kernel_and_modules_chosen 1
fi

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]

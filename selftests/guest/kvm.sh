# SPDX-License-Identifier: GPL-2.0
#
# kvm.sh - sourced by selftests/guest/run-guest.sh and bench/guest.sh:
# kvm_boots, whether this host's KVM really boots the guest kernel.
#
# Needs $G (the directory for the verdict), $REL (the kernel release),
# $VMLINUX (the kernel image QEMU boots), $QEMU_BIN and $KVM_DEV.
#
# KVM only if it really boots this kernel: some hosts have a /dev/kvm whose
# KVM aborts ("failed to set MSR 0x10a") or hangs before the first console
# line.  The probe boots the kernel with no init (it panics at once, and
# -no-reboot ends QEMU) and looks for its banner; the verdict is kept for
# this host boot and kernel in build/guest/.  SONDE_ACCEL=tcg|kvm decides.
kvm_boots() {
	local stamp="$G/kvm-probe.$REL" key verdict
	# this host boot, this QEMU and this device
	key="$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unknown) $(command -v "$QEMU_BIN") $KVM_DEV"
	if [ -r "$stamp" ] && [ "$(head -n 1 "$stamp")" = "$key" ]; then
		verdict=$(sed -n 2p "$stamp")
	else
		verdict=no
		if timeout -k 2 "${SONDE_KVM_PROBE_TIMEOUT:-20}" "$QEMU_BIN" -nodefaults -no-user-config \
			-display none -no-reboot -m 256M -accel kvm -cpu host \
			-kernel "$VMLINUX" -serial stdio \
			-append "console=ttyS0 panic=-1 rdinit=/sonde-kvm-probe root=/dev/null" \
			</dev/null 2>"$G/kvm-probe.stderr" | grep -q -m 1 'Linux version'; then
			verdict=yes
		fi
		printf '%s\n%s\n' "$key" "$verdict" > "$stamp"
	fi
	[ "$verdict" = yes ]
}

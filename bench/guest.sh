#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# guest.sh - run the sonde vs bpftrace suite (bench/job.py) in one boot of
# the bench guest and report it (bench/report.py).  `make bench` runs it.
#
#   1. bench/mkroot.sh: the cached Debian 12 root (debootstrap minbase with
#      bpftrace, python3.11, procps, kmod) in build/bench-guest/root;
#   2. /bench in that root: sonde.ko, build/sonde, build/bench/bench-load,
#      job.py, init.sh;  then build/bench-guest/disk.img, made from the
#      root with mkfs.ext4 -d (every run: about 500 MB, some seconds);
#   3. QEMU: the kernel the selftests boot (the vmlinux that
#      selftests/guest/run-guest.sh extracts to build/guest/, the same
#      extract-vmlinux.sh), Debian's own initrd from /boot for the virtio
#      and ext4 modules, root=/dev/vda, init=/bench/init.sh;
#      ttyS0 -> build/bench-guest/console.log, ttyS1 -> results.log;
#   4. bench/report.py: medians, ratios, bench/results.{md,json} (6.1;
#      bench/results-6.12.{md,json} for a 6.12 module: KDIR= chooses the
#      kernel the module is built for, and so the one the guest boots).
#
# Environment: BENCH_SUITE=trixie (the Debian 13 root of bench/mkroot.sh:
# bpftrace 0.23; results files get a -trixie suffix), BENCH_QUICK=1 (development: 2 repetitions, short runs),
# BENCH_CPU (workload CPU, default 1), BENCH_CASES ("c1 c5" ...) and
# BENCH_SKIP_WHY (why the others are left out, for the notes),
# BENCH_TIMEOUT (seconds for the guest, default 5400), BENCH_STALL
# (seconds of silence before a stalled guest's tasks are dumped, default
# 300), SONDE_GUEST_MEM (default 2G).  BENCH_QUICK runs write
# bench/results-quick.{md,json}.
#
# bench/profile.sh -r runs its guest side here instead of the suite:
# BENCH_PROF (the command init.sh runs in place of job.py: prof-guest.sh
# with its programs), BENCH_QEMU_EXTRA (tcgprof's -plugin) and
# BENCH_APPEND (nokaslr); TCG, single-threaded, whatever /dev/kvm says,
# and no report: the caller reads results.log.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
B=$ROOT/build
case ${BENCH_SUITE:-bookworm} in
trixie) BG=$B/bench-guest-trixie ;;
*) BG=$B/bench-guest ;;
esac
HERE=$ROOT/bench
R=$BG/root
TIMEOUT=${BENCH_TIMEOUT:-5400}
MEM=${SONDE_GUEST_MEM:-2G}

die() {
	echo "bench: $*" >&2
	exit 1
}

for f in "$ROOT/sonde.ko" "$B/sonde" "$B/bench/bench-load"; do
	[ -e "$f" ] || die "no $f; run 'make bench' (it builds them)"
done
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 not found; run 'make deps'"

"$HERE/mkroot.sh"

# The kernel: the release sonde.ko is built for, as the selftests boot it.
REL=$(modinfo -F vermagic "$ROOT/sonde.ko" | cut -d' ' -f1)
VMLINUZ=/boot/vmlinuz-$REL
INITRD=/boot/initrd.img-$REL
[ -r "$VMLINUZ" ] || die "no $VMLINUZ for sonde.ko's release $REL"
[ -r "$INITRD" ] || die "no $INITRD (Debian's initrd; it loads virtio_blk and ext4 for root=/dev/vda)"
mkdir -p "$B/guest"
VMLINUX=$B/guest/vmlinux-$REL
if ! [ -s "$VMLINUX" ] || [ "$VMLINUZ" -nt "$VMLINUX" ]; then
	echo "bench: extracting $VMLINUX from $VMLINUZ" >&2
	"$ROOT/selftests/guest/extract-vmlinux.sh" "$VMLINUZ" "$VMLINUX"
fi

# The accelerator (recorded in the results): KVM only if it really boots
# this kernel (the selftests' probe and verdict, in build/guest/).
G=$B/guest
QEMU_BIN=qemu-system-x86_64
KVM_DEV=/dev/kvm
. "$ROOT/selftests/guest/kvm.sh"
if [ -z "${BENCH_PROF:-}" ] && [ -c "$KVM_DEV" ] && [ -r "$KVM_DEV" ] &&
	[ -w "$KVM_DEV" ] && kvm_boots; then
	ACCEL=(-accel kvm -cpu host)
	ACCEL_DESC="KVM"
else
	# One host thread for both vCPUs.  Under multi-threaded TCG (QEMU
	# 7.2) a vCPU can translate code while the other patches it with
	# text_poke_bp(), and the stale translation (int3 where the kernel
	# already wrote the jump) is kept: both vCPUs then loop on a static
	# branch in syscall_trace_enter, a soft lockup that bench/c5-lockup.txt
	# and bench/c1-bpftrace-lockup.txt show (under sonde once, under
	# bpftrace once).  Single-threaded TCG cannot race its own code
	# writes.  BENCH_TCG_THREAD=multi restores the default.
	ACCEL=(-accel "tcg,thread=${BENCH_TCG_THREAD:-single}" -cpu max)
	ACCEL_DESC="TCG (no /dev/kvm), thread=${BENCH_TCG_THREAD:-single}"
fi

# /bench in the root: what this run tests.
rm -rf "$R/bench"
mkdir -p "$R/bench"
cp "$ROOT/sonde.ko" "$B/sonde" "$B/bench/bench-load" "$HERE/job.py" "$HERE/init.sh" \
	"$HERE/prof-guest.sh" "$R/bench/"
# the user-stack case's two builds (c12), when made
for f in "$B/bench/bench-load-fp" "$B/bench/bench-load-nofp"; do
	[ -e "$f" ] && cp "$f" "$R/bench/"
done
chmod 755 "$R/bench/init.sh" "$R/bench/job.py" "$R/bench/prof-guest.sh"
# shell-quoted (%q): a value may hold quotes ("the run's ...")
{
	printf 'BENCH_QUICK=%q\n' "${BENCH_QUICK:-0}"
	printf 'BENCH_CPU=%q\n' "${BENCH_CPU:-1}"
	printf 'BENCH_CASES=%q\n' "${BENCH_CASES:-}"
	printf 'BENCH_ACCEL=%q\n' "${ACCEL_DESC:-}"
	printf 'BENCH_SKIP_WHY=%q\n' "${BENCH_SKIP_WHY:-}"
	printf 'BENCH_PROF=%q\n' "${BENCH_PROF:-}"
	echo "export BENCH_CASES BENCH_SKIP_WHY BENCH_ACCEL"
} > "$R/bench/bench.conf"
bash -n "$R/bench/bench.conf" || die "bench.conf does not parse"

IMG=$BG/disk.img
rm -f "$IMG"
size_mb=$(( $(du -sm "$R" | cut -f1) * 13 / 10 + 256 ))
truncate -s "${size_mb}M" "$IMG"
mkfs.ext4 -q -F -L benchroot -d "$R" "$IMG" || die "mkfs.ext4 -d failed"

APPEND="console=ttyS0 panic=-1 loglevel=5 sysrq_always_enabled cryptomgr.notests root=/dev/vda rw rootfstype=ext4 init=/bench/init.sh${BENCH_APPEND:+ $BENCH_APPEND}"
# shellcheck disable=SC2206 # split on spaces, as run-guest.sh's SONDE_QEMU_EXTRA
EXTRA=(${BENCH_QEMU_EXTRA:-})
RES=$BG/results.log
CON=$BG/console.log
rm -f "$RES" "$CON"
MON=$BG/monitor.sock
rm -f "$MON" "$BG"/stall-*.txt

# A guest that stops making progress (no record on ttyS1 for BENCH_STALL
# seconds, default 300, where job.py writes one a minute whatever its cases
# wait for) gets its tasks and CPUs dumped once per silence
# (bench/stall-dump.py); the run goes on until QEMU's timeout.
stall_watch() {
	local stall=${BENCH_STALL:-300} last=0 n=0 m
	while sleep 30; do
		[ -S "$MON" ] || continue
		m=$(stat -c %Y "$RES" 2>/dev/null) || continue
		[ "$m" != "$last" ] && [ $(( $(date +%s) - m )) -ge "$stall" ] || continue
		last=$m n=$((n + 1))
		echo "bench: no progress for ${stall}s; SysRq w/l/t into $CON, registers in $BG/stall-$n.txt" >&2
		python3 "$HERE/stall-dump.py" "$MON" "$BG/stall-$n.txt" ||
			echo "bench: stall-dump.py failed" >&2
	done
}
echo "bench: booting $REL (${ACCEL[1]}, 2 vCPUs, $MEM); progress in $RES" >&2
stall_watch &
WATCH=$!
trap 'kill $WATCH 2>/dev/null || true' EXIT
set +e
timeout -k 10 "$TIMEOUT" qemu-system-x86_64 -monitor "unix:$MON,server,nowait" -nodefaults -no-user-config -display none -no-reboot \
	-m "$MEM" -smp 2 "${ACCEL[@]}" \
	-kernel "$VMLINUX" -initrd "$INITRD" -append "$APPEND" \
	-drive "file=$IMG,if=virtio,format=raw" "${EXTRA[@]}" \
	-serial "file:$CON" -serial stdio </dev/null 2>"$BG/qemu.stderr" |
	sed -u 's/\r$//' | tee "$RES" | grep --line-buffered -E '^### bench-guest|"type": "(progress|note)"' >&2
rc=${PIPESTATUS[0]}
set -e
kill $WATCH 2>/dev/null || true
[ "$rc" = 0 ] || echo "bench: qemu exited with status $rc (124: timeout after ${TIMEOUT}s); see $CON" >&2
grep -q '^### bench-guest: end' "$RES" || die "the guest did not finish; see $CON and $RES"
grep -q '^### bench-guest: insmod rc=0' "$RES" || die "insmod sonde.ko failed in the guest; see $CON"
sed -n '/job-stderr-begin/,/job-stderr-end/p' "$RES" | grep -E 'failed|Traceback' >&2 || true
[ -z "${BENCH_PROF:-}" ] || exit 0

# results.{md,json} for the 6.1 series, results-6.12.{md,json} for 6.12
SUFFIX=
SER=$(echo "$REL" | cut -d. -f1,2)
[ "$SER" = 6.1 ] || SUFFIX=-$SER
[ "${BENCH_SUITE:-bookworm}" = trixie ] && SUFFIX=$SUFFIX-trixie
[ "${BENCH_QUICK:-0}" = 1 ] && SUFFIX=$SUFFIX-quick
python3 "$HERE/report.py" "$RES" "$HERE/results$SUFFIX.md" "$HERE/results$SUFFIX.json"

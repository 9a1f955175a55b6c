#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-guest.sh - boot the sonde test guest under QEMU and run the selftests
# (default), one shell command (--cmd), or an interactive shell (--shell).
#
# The guest is the distribution kernel the module was built for (KDIR's
# release, image from /boot, booted as the uncompressed ELF vmlinux) with a
# busybox initramfs built here from: sonde.ko, build/sonde (and its shared
# libraries if it is dynamic), build/selftests/*, the virtio-blk modules and
# selftests/guest/init.  Everything it makes lives in build/guest/:
#
#   vmlinux-<release>  the extracted kernel (cached)
#   initramfs.cpio     the initramfs (rebuilt every run; ~1 s)
#   disk.img           a fresh 64 MiB scratch disk (/dev/vda in the guest)
#   console.log        the guest's kernel console (ttyS0), complete
#   results.log        what the guest's /init sent on ttyS1: markers, the
#                      tests' KTAP output, the command's output, dmesg
#   dmesg.log          the guest's full kernel log, dumped before poweroff
#
# Exit status (tests): 0 only if at least one test ran, none failed, the
# guest finished in time and its kernel log has no BUG/WARNING/Oops/panic/
# RCU stall.  The last line of output is exactly "N passed, N failed" (plus
# ", N skipped" if any); CI reads it.  --cmd exits with the command's
# status, or 1 on a kernel problem or timeout.
#
# Environment:
#   KDIR                 kernel build tree (default: as the top Makefile)
#   SONDE_KERNEL         boot this kernel image instead of /boot's
#   SONDE_MODULES        the kernel's modules folder, for the virtio disk
#                        driver (default /lib/modules/<release>)
#   SONDE_KO             module to load (default: ./sonde.ko)
#   SONDE_BIN            the CLI (default: build/sonde)
#   SONDE_DLIBDIR        where the CLI looks for its D library (default:
#                        the DLIBDIR build/sonde was compiled with,
#                        build/dlibdir.stamp; /usr/local/lib/sonde)
#   SONDE_TESTS          space-separated test names to run (default: all
#                        build/selftests/test_*)
#   SONDE_GUEST_TIMEOUT  seconds for the whole guest run (default 600)
#   SONDE_TEST_TIMEOUT   seconds per test program in the guest (default 300)
#   SONDE_GUEST_MEM, SONDE_GUEST_SMP   default 1G, 2
#   SONDE_ACCEL          auto (default: KVM if it really boots, else TCG),
#                        kvm or tcg
#   SONDE_QEMU           the QEMU binary (default qemu-system-x86_64)
#   SONDE_KVM_DEV        the KVM device auto checks (default /dev/kvm)
#   SONDE_KVM_PROBE_TIMEOUT  seconds the KVM probe boot may take (default
#                        20; a KVM that hangs costs this much once)
#   SONDE_TCG_THREAD     single (default) or multi: TCG's vCPU threads.
#                        Multi-threaded TCG (QEMU 7.2) can run a stale
#                        translation of kernel text that text_poke_bp()
#                        has patched: a CPU executes an int3 the kernel
#                        already removed ("Oops: int3" in
#                        rcu_note_context_switch while tracepoints on the
#                        scheduler's path are armed and disarmed in a
#                        loop; bench/c1-bpftrace-lockup.txt is the same
#                        under bpftrace).  Real CPUs and KVM serialise
#                        with text_poke_sync()'s IPIs; single-threaded
#                        TCG does too.
#   SONDE_GUEST_APPEND   more kernel command line (nokaslr, say)
#   SONDE_GUEST_LOCKDOWN integrity or confidentiality: the guest's /init
#                        raises kernel lockdown to it once the modules are
#                        in (booted with lockdown=, the kernel would refuse
#                        the unsigned sonde.ko), before the tests run
#   SONDE_QEMU_EXTRA     more QEMU arguments, split on spaces (a -plugin:
#                        bench/tcgprof.c)
#   SONDE_ALLOW_NO_MODULE=1  boot without sonde.ko (runner smoke tests only)
#   SONDE_GUEST_EXTRA    a host folder copied into the guest as /extra (the
#                        conformance run's tests and runner,
#                        selftests/conformance/)
#   SONDE_GUEST_FILES    host files copied into the guest at the same
#                        paths, programs with their shared libraries (the
#                        conformance run's cpp, its cc1 and stdc-predef.h,
#                        for -C)
#   SONDE_GUEST_LOCK     the lock file that keeps one guest at a time on the
#                        machine (default /tmp/sonde-guest.lock)
#   SONDE_GUEST_LOCK_HELD=1  the caller holds that lock already
#   SONDE_GUEST_DISK     a disk image kept from run to run as /dev/vda
#                        (made, 64 MiB of zeros, when missing) instead of
#                        the fresh scratch disk: what one boot leaves
#                        there the next one finds (the reboot test of
#                        anonymous tracing, selftests/guest/anon-reboot.sh)
#   SONDE_GUEST_PERSIST=1  the guest's /init extracts /dev/vda, a tar
#                        archive (busybox tar), into / before it loads
#                        sonde.ko: a persistent /etc for that disk; the
#                        command saves it with `tar -cf /dev/vda ...`
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
B=$ROOT/build
G=$B/guest
ST=$B/selftests
HERE=$ROOT/selftests/guest

TIMEOUT=${SONDE_GUEST_TIMEOUT:-600}
TEST_TIMEOUT=${SONDE_TEST_TIMEOUT:-300}
SONDE_KO=${SONDE_KO:-$ROOT/sonde.ko}
SONDE_BIN=${SONDE_BIN:-$B/sonde}
# the directory compiled into build/sonde (make's stamp), else make's
SONDE_DLIBDIR=${SONDE_DLIBDIR:-$(cat "$B/dlibdir.stamp" 2>/dev/null || echo "${DLIBDIR:-/usr/local/lib/sonde}")}
MEM=${SONDE_GUEST_MEM:-1G}
SMP=${SONDE_GUEST_SMP:-2}

# Kernel messages that fail a run, wherever they appear in the guest's log.
PROBLEMS='BUG:|WARNING:|Oops|general protection|Kernel panic|RCU stall'
PROBLEMS+='|self-detected stall|rcu: INFO|rcu_sched detected stall'
PROBLEMS+='|UBSAN:|KASAN:|soft lockup|hard LOCKUP|blocked for more than'
PROBLEMS+='|invoked oom-killer|Out of memory'

usage() {
	cat <<EOF
usage: $0 [--tests 'NAME...'] [--cmd 'SHELL COMMAND' | --shell]
  (no option)  run the selftests in the guest, print KTAP and a summary
  --tests L    run only the named tests (also: SONDE_TESTS)
  --cmd C      run shell command C in the guest (after insmod) and print
               its output; exit with its status
  --shell      interactive shell on the guest console (needs a terminal)
EOF
}

die() {
	echo "run-guest: $*" >&2
	exit 1
}

MODE=tests
CMD=
while [ $# -gt 0 ]; do
	case $1 in
	--cmd)
		[ $# -ge 2 ] || die "--cmd needs an argument"
		MODE=cmd
		CMD=$2
		shift 2
		;;
	--shell)
		MODE=shell
		shift
		;;
	--tests)
		[ $# -ge 2 ] || die "--tests needs an argument"
		SONDE_TESTS=$2
		shift 2
		;;
	-h | --help)
		usage
		exit 0
		;;
	*)
		usage >&2
		exit 2
		;;
	esac
done

if [ "$MODE" = shell ] && ! [ -t 0 ]; then
	die "--shell needs a terminal on stdin"
fi
QEMU_BIN=${SONDE_QEMU:-qemu-system-x86_64}
KVM_DEV=${SONDE_KVM_DEV:-/dev/kvm}
command -v "$QEMU_BIN" >/dev/null || die "$QEMU_BIN not found; run 'make deps'"
command -v cpio >/dev/null || die "cpio not found; run 'make deps'"

mkdir -p "$G"

# ---------------------------------------------------------------------------
# The kernel: the release the module is built for, its image from /boot.

# The top Makefile's default KDIR, for when we are run by hand.
if [ -z "${KDIR:-}" ]; then
	if [ -e "/lib/modules/$(uname -r)/build/Makefile" ]; then
		KDIR=/lib/modules/$(uname -r)/build
	else
		KDIR=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1 || true)
	fi
fi

# Candidate release strings, best first.  Debian's headers say the real
# one in utsrelease.h; 'make kernelrelease' there gives the upstream
# version (6.1.x), which names nothing in /boot, so it comes last.
release_candidates() {
	local f
	if [ -n "${KDIR:-}" ]; then
		f=$KDIR/include/generated/utsrelease.h
		[ -r "$f" ] && sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' "$f"
		basename "$(readlink -f "$KDIR")" | sed 's/^linux-headers-//'
		make -s -C "$KDIR" kernelrelease 2>/dev/null || true
	fi
	if [ -e "$SONDE_KO" ] && command -v modinfo >/dev/null; then
		modinfo -F vermagic "$SONDE_KO" 2>/dev/null | cut -d' ' -f1
	fi
}

# All of them at once: a reader that stops early (head) would kill the
# writer with SIGPIPE, which pipefail turns into this script's exit 141.
mapfile -t RELS < <(release_candidates)
REL=
if [ -n "${SONDE_KERNEL:-}" ]; then
	VMLINUZ=$SONDE_KERNEL
	REL=${RELS[0]:-}
	[ -n "$REL" ] || die "SONDE_KERNEL=$SONDE_KERNEL: cannot tell its release (set KDIR, or SONDE_KO to a module built for it)"
else
	for r in "${RELS[@]}"; do
		if [ -e "/boot/vmlinuz-$r" ]; then
			REL=$r
			break
		fi
	done
	[ -n "$REL" ] || die "no /boot/vmlinuz-* for KDIR=${KDIR:-<none>}; install the linux-image package matching the headers ('make deps')"
	VMLINUZ=/boot/vmlinuz-$REL
fi
[ -r "$VMLINUZ" ] || die "cannot read $VMLINUZ"

# The module must be built for that release, or insmod fails in the guest
# with a less obvious message.
if [ -e "$SONDE_KO" ] && command -v modinfo >/dev/null; then
	vm=$(modinfo -F vermagic "$SONDE_KO" 2>/dev/null | cut -d' ' -f1 || true)
	if [ -n "$vm" ] && [ -n "$REL" ] && [ "$vm" != "$REL" ]; then
		echo "run-guest: warning: $SONDE_KO is built for $vm, the guest runs $REL" >&2
	fi
fi

# The uncompressed kernel, extracted once per vmlinuz (QEMU boots the ELF
# through its PVH note: no in-guest decompression).
VMLINUX=$G/vmlinux-$(basename "$VMLINUZ" | sed 's/^vmlinuz-//')
if ! [ -s "$VMLINUX" ] || [ "$VMLINUZ" -nt "$VMLINUX" ]; then
	echo "run-guest: extracting $VMLINUX from $VMLINUZ" >&2
	"$HERE/extract-vmlinux.sh" "$VMLINUZ" "$VMLINUX"
fi

# ---------------------------------------------------------------------------
# The initramfs.

R=$G/root
rm -rf "$R"
mkdir -p "$R"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,run,etc,root,lib/modules,selftests/sonde}

# install_bin SRC DEST: copy an executable into the initramfs at DEST
# (absolute, inside the guest) and, if it is dynamically linked, the
# libraries and loader ldd names, at the same paths as on the host.
install_bin() {
	local src=$1 dest=$2 lib
	mkdir -p "$R$(dirname "$dest")"
	cp -L "$src" "$R$dest"
	chmod 755 "$R$dest"
	# ldd fails ("not a dynamic executable") for static binaries.
	for lib in $(ldd "$src" 2>/dev/null | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\//) print $i }'); do
		[ -e "$R$lib" ] && continue
		mkdir -p "$R$(dirname "$lib")"
		cp -L "$lib" "$R$lib"
	done
}

# busybox, and a symlink for each applet.  busybox-static's is static; a
# dynamic one works too, with its libraries.
BUSYBOX=$(command -v busybox || true)
[ -n "$BUSYBOX" ] || die "busybox not found; run 'make deps' (busybox-static)"
install_bin "$BUSYBOX" /bin/busybox
for a in $("$BUSYBOX" --list-full); do
	[ "$a" = bin/busybox ] && continue
	mkdir -p "$R/$(dirname "$a")"
	ln -sf /bin/busybox "$R/$a"
done

# Debian's own ls and date in place of busybox's applets: the documents'
# examples trace them (pid$target:libc.so.6:malloc:entry -c /bin/ls), which
# needs them dynamic, with libc.so.6, as on a Debian host (test_docs.sh),
# and the ustack() tests of Debian's binaries walk ls (coreutils: stripped,
# no frame pointers; dtests/ustack/tst.debian_ls_malloc.d).
for b in ls date; do
	if [ -x "/usr/bin/$b" ] && [ "$(readlink -f "/usr/bin/$b")" != "$(readlink -f "$BUSYBOX")" ]; then
		rm -f "$R/bin/$b"
		install_bin "/usr/bin/$b" "/bin/$b"
	fi
done

install -m 755 "$HERE/init" "$R/init"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' > "$R/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$R/etc/group"

# sonde.ko: required, except for smoke-testing the runner itself.
if [ -e "$SONDE_KO" ]; then
	cp "$SONDE_KO" "$R/sonde.ko"
elif [ "${SONDE_ALLOW_NO_MODULE:-0}" = 1 ]; then
	echo "run-guest: warning: no $SONDE_KO; booting without it (SONDE_ALLOW_NO_MODULE=1)" >&2
else
	die "no $SONDE_KO; run 'make module'"
fi

if [ -x "$SONDE_BIN" ]; then
	install_bin "$SONDE_BIN" /bin/sonde
	# where the packages put it: the tools' "#!/usr/sbin/sonde -s" and
	# DTrace scripts' "#!/usr/sbin/dtrace -s" (sonde-dtrace's link)
	ln -sf /bin/sonde "$R/usr/sbin/sonde"
	ln -sf sonde "$R/usr/sbin/dtrace"
	# dlopen()ed by sonde for pid offset probes (libcapstone4), with
	# the libraries it needs.  sonde is static: its dlopen() looks for
	# the dynamic loader where Debian keeps it, in the multiarch
	# directory (/lib64 has only a link to it there).
	for lib in /usr/lib/x86_64-linux-gnu/libcapstone.so.4 /lib/x86_64-linux-gnu/libcapstone.so.4; do
		if [ -e "$lib" ]; then
			install_bin "$lib" "$lib"
			ldso=/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
			if [ -e "$ldso" ] && [ ! -e "$R$ldso" ]; then
				mkdir -p "$R$(dirname "$ldso")"
				cp -L "$ldso" "$R$ldso"
			fi
			break
		fi
	done
	# its D library, where the command looks for it (make install's
	# DLIBDIR, compiled in)
	mkdir -p "$R$SONDE_DLIBDIR"
	cp "$ROOT"/userland/dlib/*.d "$R$SONDE_DLIBDIR/"
elif [ "${SONDE_ALLOW_NO_MODULE:-0}" != 1 ]; then
	die "no $SONDE_BIN; run 'make userland'"
fi

# The selftests and their helpers (static, but install_bin copes either
# way).  Helpers are also at / and in PATH: tests run '/loop-getppid'.
if [ -d "$ST" ]; then
	for f in "$ST"/*; do
		[ -f "$f" ] || continue
		case $f in *.d | *.o) continue ;; esac
		n=$(basename "$f")
		if [ -x "$f" ]; then
			install_bin "$f" "/selftests/sonde/$n"
		else
			cp "$f" "$R/selftests/sonde/$n"
		fi
		case $n in
		test_* | *.sh) ;;
		*) [ -x "$f" ] && ln -sf "/selftests/sonde/$n" "$R/$n" && ln -sf "/selftests/sonde/$n" "$R/bin/$n" ;;
		esac
	done
fi

# Debian's python3.11 (dtests/usdt/ traces its USDT probes): the
# interpreter with its libraries, and its standard library without the
# tests, tools, build configuration and byte-code caches (about 12 MB).
# SONDE_GUEST_PYTHON= (empty) leaves it out.
PYTHON=${SONDE_GUEST_PYTHON-/usr/bin/python3.11}
if [ -n "$PYTHON" ] && [ -x "$PYTHON" ] && [ -d /usr/lib/python3.11 ]; then
	install_bin "$PYTHON" /usr/bin/python3.11
	mkdir -p "$R/usr/lib"
	tar -C /usr/lib -cf - --exclude=__pycache__ \
		--exclude=python3.11/test --exclude=python3.11/idlelib \
		--exclude=python3.11/tkinter --exclude=python3.11/ensurepip \
		--exclude=python3.11/lib2to3 --exclude=python3.11/turtledemo \
		--exclude=python3.11/pydoc_data --exclude=python3.11/distutils \
		--exclude='python3.11/config-*' --exclude=python3.11/site-packages \
		--exclude=python3.11/dist-packages python3.11 |
		tar -C "$R/usr/lib" -xf -
elif [ -n "$PYTHON" ]; then
	echo "run-guest: warning: no $PYTHON; the python tests will be skipped ('make deps' installs it)" >&2
fi

# Debian 13's python3.13 (dtests/jstack/ walks its frames): it needs
# Debian 13's C library, so it lives in a root of its own, /trixie (the
# interpreter, its libraries and dynamic linker, its standard library
# without tests, tools and caches: about 17 MB), and runs there under
# chroot: dtests/jstack/py313.sh says how.  From the root bench/mkroot.sh
# builds with BENCH_SUITE=trixie; SONDE_GUEST_TRIXIE= (empty) or no root
# leaves it out, and the tests that need it are skipped.
TRIXIE=${SONDE_GUEST_TRIXIE-$B/bench-guest-trixie/root}
if [ -n "$TRIXIE" ] && [ -x "$TRIXIE/usr/bin/python3.13" ]; then
	mkdir -p "$R/trixie"
	(
		cd "$TRIXIE" &&
		tar -cf - lib lib64 usr/lib64 usr/bin/python3.13 \
			usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 \
			usr/lib/x86_64-linux-gnu/libc.so.6 \
			usr/lib/x86_64-linux-gnu/libm.so.6 \
			usr/lib/x86_64-linux-gnu/libz.so.1* \
			usr/lib/x86_64-linux-gnu/libexpat.so.1* \
			--exclude=__pycache__ --exclude=python3.13/test \
			--exclude=python3.13/idlelib --exclude=python3.13/tkinter \
			--exclude=python3.13/ensurepip --exclude=python3.13/turtledemo \
			--exclude=python3.13/pydoc_data --exclude='python3.13/config-*' \
			--exclude=python3.13/site-packages \
			--exclude=python3.13/dist-packages usr/lib/python3.13
	) | tar -C "$R/trixie" -xf -
	# what py313.sh binds the guest's own over
	mkdir -p "$R/trixie/selftests" "$R/trixie/tmp" "$R/trixie/proc" "$R/trixie/dev"
elif [ -n "$TRIXIE" ]; then
	echo "run-guest: note: no Debian 13 root at $TRIXIE (BENCH_SUITE=trixie bench/mkroot.sh); the python3.13 tests will be skipped" >&2
fi

# A CPython 3.12 (dtests/jstack/ walks its frames): Debian 12 and 13 ship
# none, so a build of upstream's (pyenv's: libpython shared, its debug
# information stripped here; its standard library without lib-dynload,
# which the tests' programs do not import), at its own path.  Upstream's
# layout, which is what jstack() reads; not Debian's binary.
# SONDE_GUEST_PY312= (empty) leaves it out.
PY312=${SONDE_GUEST_PY312-$(ls -d "$HOME"/.pyenv/versions/3.12*/bin/python3.12 2>/dev/null | tail -1)}
if [ -n "$PY312" ] && [ -x "$PY312" ]; then
	install_bin "$PY312" "$PY312"
	for lib in $(ldd "$PY312" 2>/dev/null | awk '$3 ~ /libpython/ { print $3 }'); do
		strip --strip-debug -o "$R$lib" "$lib"
	done
	d=$(dirname "$(dirname "$PY312")")/lib
	mkdir -p "$R$d"
	tar -C "$d" -cf - --exclude=__pycache__ --exclude=python3.12/test \
		--exclude=python3.12/idlelib --exclude=python3.12/tkinter \
		--exclude=python3.12/ensurepip --exclude=python3.12/lib2to3 \
		--exclude=python3.12/turtledemo --exclude=python3.12/pydoc_data \
		--exclude='python3.12/config-*' --exclude=python3.12/site-packages \
		--exclude=python3.12/lib-dynload python3.12 |
		tar -C "$R$d" -xf -
	# where the interpreter looks for its exec_prefix
	mkdir -p "$R$d/python3.12/lib-dynload"
	ln -sf "$PY312" "$R/usr/bin/python3.12"
fi

# Data directories the tests read (the VM corpus); not the harness headers.
# The Java tools' JVM (java/, 36 MB) only for a run that may use it: the
# D behaviour tests (all tests, or test_dtests.sh named), --cmd, --shell.
java_wanted=1
if [ "$MODE" = tests ] && [ -n "${SONDE_TESTS:-}" ]; then
	case " $SONDE_TESTS " in *" test_dtests.sh "*) ;; *) java_wanted= ;; esac
fi
if [ -d "$ST" ]; then
	for d in "$ST"/*/; do
		[ -d "$d" ] || continue
		case $(basename "$d") in
		include) continue ;;
		java) [ -n "$java_wanted" ] || continue ;;
		esac
		cp -r "$d" "$R/selftests/sonde/"
	done
fi

# Debian's Prometheus server (dtests/prometheus/tst.prom_real_server.sh
# scrapes sonde --listen with it and reads the values back through its
# HTTP API), for the runs that may use it, as the JVM above (50 MB).
# SONDE_GUEST_PROMETHEUS= (empty) leaves it out.
PROMETHEUS=${SONDE_GUEST_PROMETHEUS-/usr/bin/prometheus}
if [ -n "$java_wanted" ] && [ -n "$PROMETHEUS" ] && [ -x "$PROMETHEUS" ]; then
	install_bin "$PROMETHEUS" /usr/bin/prometheus
fi

# A folder the caller brings along (--cmd runs it from there).
if [ -n "${SONDE_GUEST_EXTRA:-}" ]; then
	[ -d "$SONDE_GUEST_EXTRA" ] || die "SONDE_GUEST_EXTRA=$SONDE_GUEST_EXTRA is not a folder"
	cp -r "$SONDE_GUEST_EXTRA" "$R/extra"
fi
for f in ${SONDE_GUEST_FILES:-}; do
	[ -f "$f" ] || die "SONDE_GUEST_FILES: no file $f"
	if [ -x "$f" ]; then
		install_bin "$f" "$f"
	else
		mkdir -p "$R$(dirname "$f")"
		cp -L "$f" "$R$f"
	fi
done

# The tests to run: the named ones, or every executable test_* built.
if [ -n "${SONDE_TESTS:-}" ]; then
	TESTS=$SONDE_TESTS
	for t in $TESTS; do
		[ -x "$R/selftests/sonde/$t" ] || die "no test '$t' in $ST (make selftests-bin?)"
	done
else
	TESTS=
	for f in "$R"/selftests/sonde/test_*; do
		[ -x "$f" ] && TESTS="$TESTS $(basename "$f")"
	done
	TESTS=${TESTS# }
fi
if [ "$MODE" = tests ] && [ -z "$TESTS" ]; then
	echo "run-guest: no tests in $ST (make selftests-bin?)" >&2
	echo "0 passed, 0 failed"
	exit 1
fi

# Kernel modules for the virtio scratch disk (Debian builds virtio as
# modules), with their dependencies from modules.dep, in load order:
# modprobe loads a modules.dep line's dependencies last to first.
MODDIR=${SONDE_MODULES:-/lib/modules/$REL}
: > "$R/etc/sonde-modules"
declare -A MOD_SEEN=()
add_module() {
	local rel=$1 list=${2:-yes} out
	[ -n "${MOD_SEEN[$rel]:-}" ] && return 0
	MOD_SEEN[$rel]=1
	out=${rel%.xz}
	out=${out%.zst}
	out=${out%.gz}
	mkdir -p "$R/lib/modules/$(dirname "$out")"
	case $rel in
	*.xz) xz -dc "$MODDIR/$rel" > "$R/lib/modules/$out" ;;
	*.zst) zstd -qdc "$MODDIR/$rel" > "$R/lib/modules/$out" ;;
	*.gz) gzip -dc "$MODDIR/$rel" > "$R/lib/modules/$out" ;;
	*) cp "$MODDIR/$rel" "$R/lib/modules/$out" ;;
	esac
	[ "$list" = yes ] && echo "$out" >> "$R/etc/sonde-modules"
	return 0
}
load_module_deps() {
	local name=$1 line path deps i
	line=$(grep -E "(^|/)$name\.ko(\.(xz|zst|gz))?:" "$MODDIR/modules.dep" || true)
	[ -n "$line" ] || return 0	# built in, or absent
	path=${line%%:*}
	read -r -a deps <<< "${line#*:}"
	for ((i = ${#deps[@]} - 1; i >= 0; i--)); do
		add_module "${deps[i]}"
	done
	add_module "$path"
}
if [ -r "$MODDIR/modules.dep" ]; then
	load_module_deps virtio_pci
	load_module_deps virtio_blk
	# not loaded at boot: test_providers loads and unloads it under fbt
	m=$(grep -oE '^[^:]*/cordic\.ko(\.(xz|zst|gz))?' "$MODDIR/modules.dep" || true)
	[ -z "$m" ] || add_module "$m" no
else
	echo "run-guest: warning: no $MODDIR/modules.dep (SONDE_MODULES); the guest has no virtio disk" >&2
fi

case ${SONDE_GUEST_LOCKDOWN:-} in
'' | integrity | confidentiality) ;;
*) die "SONDE_GUEST_LOCKDOWN must be integrity or confidentiality" ;;
esac
{
	echo "MODE=$MODE"
	echo "TESTS='$TESTS'"
	echo "TEST_TIMEOUT=$TEST_TIMEOUT"
	echo "LOCKDOWN=${SONDE_GUEST_LOCKDOWN:-}"
	echo "PERSIST=${SONDE_GUEST_PERSIST:-}"
} > "$R/etc/sonde-guest.conf"
printf '%s\n' "$CMD" > "$R/etc/sonde-cmd.sh"

CPIO=$G/initramfs.cpio
# Uncompressed: the guest unpacks it faster than it would inflate it.
(cd "$R" && find . -mindepth 1 | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0) > "$CPIO"

DISK=$G/disk.img
if [ -n "${SONDE_GUEST_DISK:-}" ]; then
	DISK=$SONDE_GUEST_DISK
	[ -e "$DISK" ] || truncate -s 64M "$DISK"
else
	rm -f "$DISK"
	truncate -s 64M "$DISK"
fi

# ---------------------------------------------------------------------------
# QEMU.

# kvm_boots: KVM only if it really boots this kernel (kvm.sh).
. "$HERE/kvm.sh"

case ${SONDE_ACCEL:-auto} in
kvm)	USE_KVM=1 ;;
tcg)	USE_KVM=0 ;;
auto)
	USE_KVM=0
	if [ -c "$KVM_DEV" ] && [ -r "$KVM_DEV" ] && [ -w "$KVM_DEV" ]; then
		if kvm_boots; then
			USE_KVM=1
		else
			why=$(head -c 120 "$G/kvm-probe.stderr" 2>/dev/null | tr '\n' ' ')
			echo "run-guest: $KVM_DEV exists but KVM does not boot the guest (${why:-no kernel banner within ${SONDE_KVM_PROBE_TIMEOUT:-20} s}); using TCG" >&2
		fi
	fi
	;;
*)	die "SONDE_ACCEL must be kvm, tcg or auto" ;;
esac
if [ "$USE_KVM" = 1 ]; then
	ACCEL=(-accel kvm -cpu host)
else
	ACCEL=(-accel "tcg,thread=${SONDE_TCG_THREAD:-single}" -cpu max)
fi
# loglevel=5 puts warnings (WARN, lockdep, RCU) on the console too, so
# console.log shows them even if the guest dies before dumping dmesg.
APPEND="console=ttyS0 panic=-1 panic_on_warn=0 loglevel=5 cryptomgr.notests rdinit=/init"
APPEND+=${SONDE_GUEST_APPEND:+ $SONDE_GUEST_APPEND}
# shellcheck disable=SC2206 # split on purpose
EXTRA=(${SONDE_QEMU_EXTRA:-})
QEMU=("$QEMU_BIN" -nodefaults -no-user-config -display none -no-reboot
	-m "$MEM" -smp "$SMP" "${ACCEL[@]}" "${EXTRA[@]}"
	-kernel "$VMLINUX" -initrd "$CPIO" -append "$APPEND"
	-drive "file=$DISK,if=virtio,format=raw")

# One guest at a time on this machine, whichever tree it comes from: two
# TCG guests on 2 cores make timing-bound tests fail for reasons that are
# not the code's.  The lock is held until this script exits.
# SONDE_GUEST_LOCK_HELD=1: the caller holds it for several runs (and
# times them without the wait).
if [ "${SONDE_GUEST_LOCK_HELD:-}" != 1 ]; then
	exec {guest_lock}>"${SONDE_GUEST_LOCK:-/tmp/sonde-guest.lock}"
	flock "$guest_lock"
fi

RES=$G/results.log
CON=$G/console.log
DMESG=$G/dmesg.log
rm -f "$RES" "$CON" "$DMESG" "$G/t-first-test"

if [ "$MODE" = shell ]; then
	# ttyS0 (console, shell) on this terminal; ttyS1 to results.log.
	echo "run-guest: interactive guest; 'exit' powers it off (Ctrl-A X kills QEMU)" >&2
	exec "${QEMU[@]}" -serial mon:stdio -serial "file:$RES"
fi

# reader: copy what the guest sends on ttyS1 into results.log, show it as
# it comes (tests: everything but the dmesg dump; --cmd: only the
# command's output), and note when the first test starts.
reader() {
	local line where=boot
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line%$'\r'}
		printf '%s\n' "$line" >> "$RES"
		case $line in
		'### sonde-guest: test-begin '*)
			[ -e "$G/t-first-test" ] || echo "$EPOCHREALTIME" > "$G/t-first-test"
			;;
		'### sonde-guest: cmd-begin')
			where=cmd
			continue
			;;
		'### sonde-guest: cmd-end'*)
			where=post
			continue
			;;
		'### sonde-guest: dmesg-begin')
			where=dmesg
			continue
			;;
		'### sonde-guest: dmesg-end')
			where=post
			continue
			;;
		esac
		case $MODE/$where in
		*/dmesg) printf '%s\n' "$line" >> "$DMESG" ;;
		cmd/cmd) printf '%s\n' "$line" ;;
		tests/*) printf '%s\n' "$line" ;;
		esac
	done
}

: > "$RES"
T0=$EPOCHREALTIME
set +e
timeout -k 10 "$TIMEOUT" "${QEMU[@]}" -serial "file:$CON" -serial stdio \
	</dev/null 2>"$G/qemu.stderr" | reader
STATUS=("${PIPESTATUS[@]}")
set -e
T1=$EPOCHREALTIME
QEMU_RC=${STATUS[0]}

# ---------------------------------------------------------------------------
# Verdict.

fails=()	# reasons the run failed besides failed tests

if [ "$QEMU_RC" = 124 ] || [ "$QEMU_RC" = 137 ]; then
	fails+=("guest timed out after ${TIMEOUT}s (SONDE_GUEST_TIMEOUT); see $CON")
elif [ "$QEMU_RC" != 0 ]; then
	fails+=("qemu exited with status $QEMU_RC: $(tail -n 3 "$G/qemu.stderr" | tr '\n' ' ')")
fi
if ! grep -qx '### sonde-guest: end' "$RES"; then
	fails+=("the guest did not finish (no end marker); last console lines:")
	while IFS= read -r l; do fails+=("  $l"); done < <(tail -n 15 "$CON" 2>/dev/null)
fi
if grep -q '^### sonde-guest: insmod rc=[^0]' "$RES"; then
	fails+=("insmod sonde.ko failed in the guest; see $CON")
fi
if grep -q '^### sonde-guest: insmod missing' "$RES" && [ "${SONDE_ALLOW_NO_MODULE:-0}" != 1 ]; then
	fails+=("sonde.ko was not in the guest")
fi
while IFS= read -r l; do
	fails+=("guest could not load module ${l#*module-load-failed }")
done < <(grep '^### sonde-guest: module-load-failed' "$RES" || true)
if grep -q '^### sonde-guest: lockdown-failed' "$RES"; then
	fails+=("the guest could not raise kernel lockdown to $SONDE_GUEST_LOCKDOWN")
fi

# Kernel problems, from the dmesg dump and the console (the console alone
# has them if the guest died first); one line each, timestamps dropped.
problems=$(cat "$DMESG" "$CON" 2>/dev/null | tr -d '\r' | grep -aE "$PROBLEMS" |
	sed -E 's/^(<[0-9]+>)?\[ *[0-9]+\.[0-9]+\] //' | awk '!seen[$0]++' || true)
if [ -n "$problems" ]; then
	fails+=("kernel log problems (full log: $DMESG, $CON):")
	while IFS= read -r l; do fails+=("  $l"); done <<< "$problems"
fi

secs() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'
}

if [ "$MODE" = cmd ]; then
	rc=$(sed -n 's/^### sonde-guest: cmd-end rc=//p' "$RES")
	for f in "${fails[@]}"; do
		echo "run-guest: $f" >&2
	done
	[ ${#fails[@]} -eq 0 ] || exit 1
	[ -n "$rc" ] || exit 1
	exit "$rc"
fi

# Count the KTAP results of each test program: its top-level "ok N" /
# "not ok N" lines ("# SKIP" makes either a skip).  A program that exits
# non-zero (4 is kselftest's skip) without a failed result, or that never
# ends, counts as one more failure; one with no result lines counts once by
# its exit status.
summary=$(awk '
	function result(kind, what) {
		n[kind]++
		if (kind == "fail")
			failed[++nf] = what
	}
	/^### sonde-guest: test-begin / {
		cur = $4; inside = 1; nres = 0; nbad = 0
		next
	}
	/^### sonde-guest: test-end / {
		rc = $5; sub(/^rc=/, "", rc); rc += 0
		if (nres == 0) {
			if (rc == 0)
				result("pass", cur)
			else if (rc == 4)
				result("skip", cur)
			else
				result("fail", cur ": exit status " rc ", no KTAP results")
		} else if (rc != 0 && rc != 4 && nbad == 0) {
			result("fail", cur ": exit status " rc)
		}
		inside = 0
		next
	}
	!inside { next }
	/^(not )?ok [0-9]+/ {
		nres++
		if ($0 ~ /#[ \t]*[Ss][Kk][Ii][Pp]/)
			result("skip", cur)
		else if ($0 ~ /^ok/)
			result("pass", cur)
		else {
			nbad++
			result("fail", cur ": " $0)
		}
		next
	}
	/^Bail out!/ {
		nbad++
		result("fail", cur ": " $0)
	}
	END {
		if (inside)
			result("fail", cur ": did not finish")
		printf "%d %d %d\n", n["pass"], n["fail"], n["skip"]
		for (i = 1; i <= nf; i++)
			print failed[i]
	}' "$RES")
read -r passed failed skipped <<< "$(head -n 1 <<< "$summary")"

echo
echo "# guest: $REL, ${ACCEL[1]}${SONDE_GUEST_LOCKDOWN:+, lockdown=$SONDE_GUEST_LOCKDOWN}; console $CON, results $RES"
if [ -e "$G/t-first-test" ]; then
	echo "# guest: $(secs "$T0" "$(cat "$G/t-first-test")") s from launch to first test, $(secs "$T0" "$T1") s total"
else
	echo "# guest: $(secs "$T0" "$T1") s total, no test started"
fi
if [ "$failed" -gt 0 ]; then
	echo "# failed:"
	tail -n +2 <<< "$summary" | sed 's/^/#   /'
fi
if [ $((passed + failed)) -eq 0 ]; then
	fails+=("no tests ran")
fi
for f in "${fails[@]}"; do
	echo "# FAIL: $f"
done

line="$passed passed, $failed failed"
[ "$skipped" -eq 0 ] || line+=", $skipped skipped"
echo "$line"

[ "$failed" -eq 0 ] && [ ${#fails[@]} -eq 0 ]

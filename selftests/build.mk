# SPDX-License-Identifier: GPL-2.0
#
# selftests/build.mk - included by the top-level Makefile.  Builds the
# kselftest-style selftests and runs them in a QEMU guest; installs the
# build and test dependencies; runs the demo.
#
#   make deps          apt-get the packages building and testing need
#                      (Debian 12; root, or sudo)
#   make selftests-bin the selftests and their helpers, static, in
#                      build/selftests/
#   make guest-check   boot the guest, run every selftest, fail on any
#                      failed test or kernel BUG/WARNING/Oops
#   make guest-check-lockdown
#                      two more boots, under kernel lockdown (integrity,
#                      confidentiality), with the lockdown selftests
#   make check         unit tests, then guest-check and
#                      guest-check-lockdown
#   make demo          two demo traces, on this host if it can load
#                      sonde.ko, otherwise in the guest
#
# Knobs: SONDE_TESTS="test_load test_cli.sh" runs a subset in the guest;
# SONDE_GUEST_TIMEOUT (seconds, default 600) bounds the whole guest run.

ST_SRC := selftests/sonde
ST_OUT := $(B)/selftests
KSFT_INC := $(ST_OUT)/include

include $(ST_SRC)/tests.mk

ST_BINS := $(addprefix $(ST_OUT)/,$(TEST_GEN_PROGS) $(TEST_GEN_PROGS_EXTENDED))
ST_SCRIPTS := $(addprefix $(ST_OUT)/,$(TEST_PROGS) $(TEST_FILES))

# The kselftest harness comes from the Debian kernel source package, so it
# matches the kernel we test on.  Extracting two members from the ~140 MB
# tarball takes a few seconds; the result stays in build/ as a cache.
LINUX_SRC_TAR ?= $(lastword $(sort $(wildcard /usr/src/linux-source-*.tar.xz)))
KSFT_MEMBERS := tools/testing/selftests/kselftest_harness.h \
	tools/testing/selftests/kselftest.h

# Static: the guest's initramfs carries no shared libraries for these.
ST_CFLAGS := -O2 -g -static -std=gnu11 -D_GNU_SOURCE -fno-strict-aliasing \
	-Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Werror \
	-I$(KSFT_INC) -Iuapi -MMD -MP

.PHONY: selftests-bin
selftests-bin: $(ST_BINS) $(ST_SCRIPTS)

$(KSFT_INC)/kselftest_harness.h:
	@test -n "$(LINUX_SRC_TAR)" || { echo "sonde: no /usr/src/linux-source-*.tar.xz; run 'make deps'" >&2; exit 1; }
	@mkdir -p $(KSFT_INC)
	tar -xJf $(LINUX_SRC_TAR) -C $(KSFT_INC) --wildcards --strip-components=4 \
		$(addprefix 'linux-source-*/,$(addsuffix ',$(KSFT_MEMBERS)))
	@test -s $(KSFT_INC)/kselftest.h
	@touch $@

$(KSFT_INC)/kselftest.h: $(KSFT_INC)/kselftest_harness.h

$(ST_BINS): $(ST_OUT)/%: $(ST_SRC)/%.c $(ST_SRC)/sonde_test.h $(KSFT_INC)/kselftest_harness.h
	@mkdir -p $(dir $@)
	$(CC) $(ST_CFLAGS) -o $@ $<

# The user-probe target: dynamic (libc.so.6 is its own object for the pid
# provider; the runner copies the libraries), with frame pointers for
# ustack() and SDT notes from <sys/sdt.h> (systemtap-sdt-dev).
$(ST_OUT)/uprobe-prog: ST_CFLAGS := $(filter-out -static,$(ST_CFLAGS)) \
	-fno-omit-frame-pointer -mno-omit-leaf-frame-pointer

# uprobe-prog without symbol tables: its global-variable SDT arguments
# cannot be resolved, and sonde must say so (test_usdt.sh).
$(ST_OUT)/uprobe-prog-stripped: $(ST_OUT)/uprobe-prog
	strip -o $@ $<
selftests-bin: $(ST_OUT)/uprobe-prog-stripped

# An application with probes from a `sonde -h` header.
$(ST_OUT)/pony.h: $(ST_SRC)/pony.d $(B)/sonde
	@mkdir -p $(dir $@)
	$(B)/sonde -h -s $< -o $@
$(ST_OUT)/usdt-hdr-prog: $(ST_OUT)/pony.h
$(ST_OUT)/usdt-hdr-prog: ST_CFLAGS += -I$(ST_OUT)

$(ST_SCRIPTS): $(ST_OUT)/%: $(ST_SRC)/%
	@mkdir -p $(dir $@)
	cp -p $< $@

# The VM corpus, run by the module's own VM in the guest (test_vm_corpus):
# the same driver as `make unit-vm`, static and without sanitizers.
$(ST_OUT)/vm_test: userland/tests/vm_test.c $(VM_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -static $(WARN) -Wno-format-truncation -std=gnu11 \
		-D_GNU_SOURCE -Iuapi -Ivm -Iuserland/lib -Iuserland/tests \
		-o $@ userland/tests/vm_test.c $(VM_TEST_SRCS)

.PHONY: $(ST_OUT)/vm-corpus
$(ST_OUT)/vm-corpus:
	@rm -rf $@ && mkdir -p $@ && cp userland/tests/vm/*.t $@/

selftests-bin: $(ST_OUT)/vm_test $(ST_OUT)/vm-corpus

# Kernel-side benchmarks run in the guest (figures, not tests).
$(ST_OUT)/bench_core: bench/bench_core.c $(ST_SRC)/sonde_test.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -static -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE \
		-Iuapi -I$(ST_SRC) -o $@ $< -lpthread

# issue #7: the kernel providers' cost (fbt firing, attach/detach time)
$(ST_OUT)/bench_providers: bench/bench_providers.c $(ST_SRC)/sonde_test.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -static -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE \
		-Iuapi -I$(ST_SRC) -o $@ $<

.PHONY: bench-providers
bench-providers: module userland selftests-bin $(ST_OUT)/bench_providers
	KDIR=$(KDIR) selftests/guest/run-guest.sh --cmd /bench_providers

# issue #8: a Python function call untraced, traced by USDT, detached
.PHONY: bench-usdt
bench-usdt: module userland selftests-bin
	cp bench/bench_usdt.sh $(ST_OUT)/bench_usdt.sh
	KDIR=$(KDIR) selftests/guest/run-guest.sh --cmd /selftests/sonde/bench_usdt.sh

.PHONY: bench-core
bench-core: module userland selftests-bin $(ST_OUT)/bench_core
	KDIR=$(KDIR) selftests/guest/run-guest.sh --cmd /bench_core

# The worst firing the firing budget lets through, per kind of work
# (bench/bench_worst.c; figures in bench/worst-firing.md, docs/vm.md).
$(ST_OUT)/bench_worst: bench/bench_worst.c uapi/sonde.h uapi/sonde_isa.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -static -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE \
		-Iuapi -o $@ $<

.PHONY: bench-worst
bench-worst: module userland selftests-bin $(ST_OUT)/bench_worst
	KDIR=$(KDIR) SONDE_GUEST_TIMEOUT=1800 \
		selftests/guest/run-guest.sh --cmd /bench_worst

# The module (sonde.ko, top level) and the CLI (build/sonde) come from the
# top-level Makefile; KDIR tells the runner which kernel image to boot.
.PHONY: guest-check
guest-check: module userland selftests-bin
	KDIR=$(KDIR) SONDE_TESTS="$(SONDE_TESTS)" selftests/guest/run-guest.sh

# No `rep stos` clearing in the firing path (bench/hotpath-check.sh).
.PHONY: hotpath-check
hotpath-check: module
	bench/hotpath-check.sh sonde.ko

# The lockdown selftests, in two more short boots: the guest's /init raises
# kernel lockdown to integrity, then to confidentiality, once sonde.ko is
# in (a kernel booted locked down loads no unsigned module), and these
# run: the lockdown test, the VM corpus as the locked-down kernel must
# judge it, a short ioctl fuzzing session.
LOCKDOWN_TESTS ?= test_lockdown test_vm_corpus.sh test_ioctl_fuzz
.PHONY: guest-check-lockdown
guest-check-lockdown: module userland selftests-bin
	KDIR=$(KDIR) SONDE_GUEST_LOCKDOWN=integrity \
		SONDE_TESTS="$(LOCKDOWN_TESTS)" selftests/guest/run-guest.sh
	KDIR=$(KDIR) SONDE_GUEST_LOCKDOWN=confidentiality \
		SONDE_TESTS="$(LOCKDOWN_TESTS)" selftests/guest/run-guest.sh

check: unit hotpath-check guest-check guest-check-lockdown

demo: module userland selftests-bin
	KDIR=$(KDIR) selftests/demo.sh

# Everything a fresh Debian 12 machine needs to build sonde and run
# 'make check': the toolchain, kernel headers, the kernel image the guest
# boots and the source tarball the kselftest harness comes from (both
# matching the headers: all three are the same metapackage version), QEMU,
# busybox and cpio for the initramfs, the decompressors extract-vmlinux
# needs, kmod for modinfo, libelf and zlib (linked statically) for the CLI.
DEPS_PKGS := build-essential make libc6-dev binutils pkg-config \
	linux-headers-amd64 linux-image-amd64 linux-source \
	qemu-system-x86 busybox-static cpio \
	xz-utils zstd gzip lz4 bzip2 kmod python3 libelf-dev zlib1g-dev ca-certificates \
	clang libclang-rt-14-dev systemtap-sdt-dev python3.11 \
	libcapstone-dev

deps:
	@set -e; \
	if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update; \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		$(DEPS_PKGS)

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
#   make check         unit tests, then the selftests on every Debian 12
#                      kernel series installed (6.1 and 6.12), each with
#                      its own build of the module, and on each two more
#                      boots under kernel lockdown (integrity,
#                      confidentiality) with LOCKDOWN_TESTS; KVER=R: that
#                      kernel only
#   make guest-check-lockdown
#                      only the two lockdown boots, of ./sonde.ko
#   make demo          two demo traces, on this host if it can load
#                      sonde.ko, otherwise in the guest
#   make check-packages  lintian, then the Debian packages installed,
#                      carried to a new kernel and removed in a Debian 12
#                      guest (~20 min)
#   make check-kernels the module built and the selftests run on Debian
#                      unstable's newest kernel, from a sid chroot
#   make check-fresh   .ci/run on a clean clone in a fresh Debian 12
#                      chroot: make deps installs everything
#   make conformance DTRACE_UTILS=DIR
#                      dtrace-utils' test/unittest suite run against
#                      sonde in one guest boot, judged as its runtest.sh
#                      judges (docs/conformance.md); not part of check
#
# Knobs: SONDE_TESTS="test_load test_cli.sh" runs a subset in the guest;
# SONDE_GUEST_TIMEOUT (seconds, default 600) bounds the whole guest run.

ST_SRC := selftests/sonde
ST_OUT := $(B)/selftests
KSFT_INC := $(ST_OUT)/include

include $(ST_SRC)/tests.mk

ST_BINS := $(addprefix $(ST_OUT)/,$(TEST_GEN_PROGS) $(TEST_GEN_PROGS_EXTENDED))
ST_SCRIPTS := $(addprefix $(ST_OUT)/,$(TEST_PROGS) $(filter-out dtests,$(TEST_FILES)))

# The kselftest harness comes from the Debian kernel source package, so it
# matches the kernel we test on.  Extracting two members from the ~140 MB
# tarball takes a few seconds; the result stays in build/ as a cache.
LINUX_SRC_TAR ?= $(lastword $(sort $(wildcard /usr/src/linux-source-*.tar.xz)))
KSFT_MEMBERS := tools/testing/selftests/kselftest_harness.h \
	tools/testing/selftests/kselftest.h

# Static: the guest's initramfs carries no shared libraries for these.
ST_CFLAGS := -O2 -g -static -std=gnu11 -D_GNU_SOURCE -fno-strict-aliasing \
	-Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Werror \
	-I$(KSFT_INC) -Iuapi -Ivm -MMD -MP

# The C tests (and the guest benchmarks, bench/bench.mk) write their
# programs as assembly text (img.h): the VM's assembler and the opcode
# tables it reads are linked into each.
ST_ASM_OBJS := $(ST_OUT)/vm/asm.o $(ST_OUT)/vm/isa.o
ST_TESTS := $(addprefix $(ST_OUT)/,$(TEST_GEN_PROGS))
ST_HDRS := $(addprefix $(ST_SRC)/,$(LOCAL_HDRS))

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

$(ST_OUT)/vm/%.o: vm/%.c
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -static,$(ST_CFLAGS)) -c -o $@ $<

$(ST_BINS): $(ST_OUT)/%: $(ST_SRC)/%.c $(ST_HDRS) $(KSFT_INC)/kselftest_harness.h
	@mkdir -p $(dir $@)
	$(CC) $(ST_CFLAGS) -o $@ $< $(ST_LINK)

$(ST_TESTS): $(ST_ASM_OBJS)
$(ST_TESTS): ST_LINK := $(ST_ASM_OBJS)

# anon-patch reseals the anonymous enablings it damages with vm/anon.c's
# CRC (the parse it runs first needs the verifier log's vlog.c).
$(ST_OUT)/anon-patch: $(ST_OUT)/vm/anon.o $(ST_OUT)/vm/vlog.o
$(ST_OUT)/anon-patch: ST_LINK := $(ST_OUT)/vm/anon.o $(ST_OUT)/vm/vlog.o

# pprof-dump reads -O pprof's gzipped profiles (zlib, static as the rest).
$(ST_OUT)/pprof-dump: ST_LINK := -lz

# The user-probe target: dynamic (libc.so.6 is its own object for the pid
# provider; the runner copies the libraries), with frame pointers for
# ustack() and SDT notes from <sys/sdt.h> (systemtap-sdt-dev).
$(ST_OUT)/uprobe-prog: ST_CFLAGS := $(filter-out -static,$(ST_CFLAGS)) \
	-fno-omit-frame-pointer -mno-omit-leaf-frame-pointer

# uprobe-prog without symbol tables: its global-variable SDT arguments
# cannot be resolved, and sonde must say so (dtests/usdt/).
$(ST_OUT)/uprobe-prog-stripped: $(ST_OUT)/uprobe-prog
	strip -o $@ $<
selftests-bin: $(ST_OUT)/uprobe-prog-stripped

# ustack() without frame pointers (dtests/ustack): a dynamic -O2 program
# built without frame pointers (and no sibling calls, so each call of
# its chains stays a frame), and its library libcfi.so: one half without
# frame pointers, the other with frame pointers and no unwind tables.
# The runner copies libcfi.so (ldd finds it by the rpath) and libc.
CFI_NOFP := -O2 -g -fomit-frame-pointer -fno-optimize-sibling-calls \
	-Wall -Werror -fPIC
$(ST_OUT)/cfi-lib-nofp.o: $(ST_SRC)/cfi-lib-nofp.c $(ST_SRC)/cfi-lib.h
	@mkdir -p $(dir $@)
	$(CC) $(CFI_NOFP) -c -o $@ $<
$(ST_OUT)/cfi-lib-fp.o: $(ST_SRC)/cfi-lib-fp.c $(ST_SRC)/cfi-lib.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -g0 -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer \
		-fno-optimize-sibling-calls -fno-asynchronous-unwind-tables \
		-fno-unwind-tables -Wall -Werror -fPIC -c -o $@ $<
$(ST_OUT)/libcfi.so: $(ST_OUT)/cfi-lib-nofp.o $(ST_OUT)/cfi-lib-fp.o
	$(CC) -shared -o $@ $^
$(ST_OUT)/cfi-prog: $(ST_OUT)/libcfi.so
$(ST_OUT)/cfi-prog: ST_CFLAGS := $(filter-out -static -O2,$(ST_CFLAGS)) \
	$(CFI_NOFP) -fno-builtin-gamma
$(ST_OUT)/cfi-prog: ST_LINK := -L$(ST_OUT) -lcfi -Wl,-rpath,'$$ORIGIN'

# Probes of objects mapped later (dtests/usdt/tst.dlopen*): a dynamic
# program that dlopen()s libdlo.so (a USDT probe from <sys/sdt.h>, a
# function for the pid provider) from its own folder once it runs.
$(ST_OUT)/libdlo.so: $(ST_SRC)/dlopen-lib.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -Wall -Werror -fPIC -shared -o $@ $<
$(ST_OUT)/dlopen-prog: $(ST_OUT)/libdlo.so
$(ST_OUT)/dlopen-prog: ST_CFLAGS := $(filter-out -static,$(ST_CFLAGS))
$(ST_OUT)/dlopen-prog: ST_LINK := -ldl

# An application with probes from a `sonde -h` header.
$(ST_OUT)/pony.h: $(ST_SRC)/pony.d $(B)/sonde
	@mkdir -p $(dir $@)
	$(B)/sonde -h -s $< -o $@
$(ST_OUT)/usdt-hdr-prog: $(ST_OUT)/pony.h
$(ST_OUT)/usdt-hdr-prog: ST_CFLAGS += -I$(ST_OUT)

# A program with probes built the way PostgreSQL's build uses dtrace: a
# header with -h, the objects, an object with -G from those, the link.
$(ST_OUT)/sdtg.h: $(ST_SRC)/sdtg.d $(B)/sonde
	@mkdir -p $(dir $@)
	$(B)/sonde -C -h -s $< -o $@
$(ST_OUT)/sdtg-prog.o: $(ST_SRC)/sdtg-prog.c $(ST_OUT)/sdtg.h
	$(CC) -O2 -g -Wall -Werror -I$(ST_OUT) -c -o $@ $<
$(ST_OUT)/sdtg.o: $(ST_SRC)/sdtg.d $(ST_OUT)/sdtg-prog.o $(B)/sonde
	$(B)/sonde -C -G -s $< -o $@ $(ST_OUT)/sdtg-prog.o
$(ST_OUT)/sdtg-prog: $(ST_OUT)/sdtg-prog.o $(ST_OUT)/sdtg.o
	$(CC) -static -o $@ $^
selftests-bin: $(ST_OUT)/sdtg-prog

# User stacks' symbols (dtests/ustack/), static, with frame pointers in
# every function (the stacks are walked by frame pointer; at -O2 GCC 12
# leaves the leaf function that makes the system call without one, even
# with -mno-omit-leaf-frame-pointer, and its caller's frame would be
# missed, hence -O0): a C++ program (demangled names); a
# program shipped stripped with its debug file by build-id (symdebug/ is
# copied whole into the guest; the test puts it under /usr/lib/debug) and
# one with a .gnu_debuglink to the debug file beside it; a tiny JIT that
# names its code in /tmp/perf-PID.map.
SYM_CFLAGS := -O0 -g -static -Wall -Werror -fno-omit-frame-pointer \
	-mno-omit-leaf-frame-pointer
$(ST_OUT)/sym-cxx-prog: $(ST_SRC)/sym-cxx-prog.cc
	@mkdir -p $(dir $@)
	$(CXX) $(SYM_CFLAGS) -o $@ $<
$(ST_OUT)/sym-jit-prog: $(ST_SRC)/sym-jit-prog.c
	@mkdir -p $(dir $@)
	$(CC) $(SYM_CFLAGS) -o $@ $<
$(ST_OUT)/sym-strip-full: $(ST_SRC)/sym-strip-prog.c
	@mkdir -p $(dir $@)
	$(CC) $(SYM_CFLAGS) -Wl,--build-id=sha1 -o $@ $<
$(ST_OUT)/sym-strip-prog: $(ST_OUT)/sym-strip-full
	rm -rf $(ST_OUT)/symdebug
	id=$$(readelf -n $< | sed -n 's/.*Build ID: *//p') && \
		test -n "$$id" && \
		mkdir -p $(ST_OUT)/symdebug/.build-id/$${id%"$${id#??}"} && \
		objcopy --only-keep-debug $< \
			$(ST_OUT)/symdebug/.build-id/$${id%"$${id#??}"}/$${id#??}.debug
	objcopy --strip-all $< $@
$(ST_OUT)/sym-link-prog: $(ST_OUT)/sym-strip-full
	objcopy --only-keep-debug $< $(ST_OUT)/sym-link-prog.debug
	chmod 644 $(ST_OUT)/sym-link-prog.debug
	objcopy --strip-all $< $@.tmp
	cd $(ST_OUT) && objcopy --add-gnu-debuglink=sym-link-prog.debug \
		$(notdir $@).tmp $(notdir $@)
	rm -f $@.tmp
selftests-bin: $(addprefix $(ST_OUT)/,sym-cxx-prog sym-jit-prog \
	sym-strip-prog sym-link-prog)

$(ST_SCRIPTS): $(ST_OUT)/%: $(ST_SRC)/%
	@mkdir -p $(dir $@)
	cp -p $< $@

# A shell test or file no longer in tests.mk must not linger in the copy:
# the guest runs every test_* there.
.PHONY: selftests-stale
selftests-stale:
	@rm -f $(filter-out $(ST_SCRIPTS),$(wildcard $(ST_OUT)/test_*.sh $(ST_OUT)/*.py))
selftests-bin: selftests-stale

# The VM corpus, run by the module's own VM in the guest (test_vm_corpus):
# the same driver as `make unit-vm`, static and without sanitizers.
$(ST_OUT)/vm_test: userland/tests/vm_test.c userland/tests/vm_env.c \
		$(B)/libsonde.a $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -static $(WARN) -Wno-format-truncation -std=gnu11 \
		-D_GNU_SOURCE $(TEST_INC) -o $@ userland/tests/vm_test.c \
		userland/tests/vm_env.c $(B)/libsonde.a

.PHONY: $(ST_OUT)/vm-corpus
$(ST_OUT)/vm-corpus:
	@rm -rf $@ && mkdir -p $@ && cp userland/tests/vm/*.t $@/

selftests-bin: $(ST_OUT)/vm_test $(ST_OUT)/vm-corpus

# The D behaviour tests (test_dtests.sh), copied whole every time: a
# removed test file must not linger in the copy.
.PHONY: $(ST_OUT)/dtests
$(ST_OUT)/dtests:
	@rm -rf $@ && mkdir -p $(ST_OUT) && cp -R $(ST_SRC)/dtests $@

selftests-bin: $(ST_OUT)/dtests

# The documents' examples (README.md, docs/*.md), one script each, run by
# test_docs.sh in the guest; made again every time, as the documents change.
.PHONY: $(ST_OUT)/docs
$(ST_OUT)/docs:
	@mkdir -p $(ST_OUT) && userland/tests/docs_scripts.sh --emit $@ > /dev/null

selftests-bin: $(ST_OUT)/docs

# The tools (userland/tools/*.d), run by dtests/tools/ from this copy
# (/selftests/sonde/tools/ in the guest).
.PHONY: $(ST_OUT)/tools
$(ST_OUT)/tools:
	@rm -rf $@ && mkdir -p $@ && cp -p userland/tools/*.d $@/
selftests-bin: $(ST_OUT)/tools

# The tools' workload: dynamic (libc.so.6 for the pid provider) with
# frame pointers (ustack()), as uprobe-prog.
$(ST_OUT)/toolwork: ST_CFLAGS := $(filter-out -static,$(ST_CFLAGS)) \
	-fno-omit-frame-pointer -mno-omit-leaf-frame-pointer

# The Java tools' JVM in the guest, when a JDK is installed
# (openjdk-17-jdk-headless): a java.base-only runtime made by jlink (34
# MB; libjvm.so keeps its hotspot USDT notes), the C++ runtime libjvm.so
# needs (the guest has none; the tests put it in LD_LIBRARY_PATH), and
# the workload ToolWork.class.  Without a JDK the Java tool tests skip.
JDK_BIN := $(dir $(realpath $(shell command -v javac 2>/dev/null)))
ifneq ($(JDK_BIN),)
ifneq ($(wildcard $(JDK_BIN)jlink),)
$(ST_OUT)/java/bin/java:
	@rm -rf $(ST_OUT)/java
	$(JDK_BIN)jlink --add-modules java.base --output $(ST_OUT)/java \
		--strip-debug --no-header-files --no-man-pages --compress=2
	mkdir -p $(ST_OUT)/java/syslib
	cp -L $$(ldd $(ST_OUT)/java/lib/server/libjvm.so | \
		awk '/libstdc\+\+|libgcc_s/ { print $$3 }') $(ST_OUT)/java/syslib/
$(ST_OUT)/java/ToolWork.class: $(ST_SRC)/ToolWork.java $(ST_OUT)/java/bin/java
	$(JDK_BIN)javac --release 17 -d $(ST_OUT)/java $<
selftests-bin: $(ST_OUT)/java/ToolWork.class
endif
endif

# The module (sonde.ko, top level) and the CLI (build/sonde) come from the
# top-level Makefile; KDIR tells the runner which kernel image to boot.
.PHONY: guest-check
guest-check: module userland selftests-bin
	KDIR=$(KDIR) SONDE_TESTS="$(SONDE_TESTS)" selftests/guest/run-guest.sh

# Anonymous tracing across real boots: three boots of the guest on one
# disk image (selftests/guest/anon-reboot.sh); part of make check
# (check-all.sh runs it for each kernel).
.PHONY: guest-anon-reboot
guest-anon-reboot: module userland selftests-bin
	KDIR=$(KDIR) selftests/guest/anon-reboot.sh

# dtrace-utils' unittest suite against sonde (CONF_FILTER=REGEX for a
# subset, CONF_REJUDGE=1 to judge the last run again); results in
# build/conformance/.
.PHONY: conformance
conformance: module userland
	KDIR=$(KDIR) DTRACE_UTILS="$(DTRACE_UTILS)" selftests/conformance/conformance.sh

# No `rep stos` clearing in the firing path (bench/hotpath-check.sh).
.PHONY: hotpath-check
hotpath-check: module
	bench/hotpath-check.sh sonde.ko

# The lockdown selftests, in two more short boots: the guest's /init raises
# kernel lockdown to integrity, then to confidentiality, once sonde.ko is
# in (a kernel booted locked down loads no unsigned module), and these
# run: the lockdown test, the VM corpus as the locked-down kernel must
# judge it, a short ioctl fuzzing session.  make check runs them on every
# kernel (check-all.sh) unless SONDE_TESTS names a subset; LOCKDOWN_TESTS=
# skips them.
LOCKDOWN_TESTS ?= test_lockdown test_vm_corpus.sh test_ioctl_fuzz test_lockdown_go
.PHONY: guest-check-lockdown
guest-check-lockdown: module userland selftests-bin
	KDIR=$(KDIR) SONDE_GUEST_LOCKDOWN=integrity \
		SONDE_TESTS="$(LOCKDOWN_TESTS)" selftests/guest/run-guest.sh
	KDIR=$(KDIR) SONDE_GUEST_LOCKDOWN=confidentiality \
		SONDE_TESTS="$(LOCKDOWN_TESTS)" selftests/guest/run-guest.sh

# The module for kernel release R, built in a copy of its sources
# (kbuild writes its objects next to them), so one tree tests several
# kernels: build/kmod/R/sonde.ko.  Not the generated syscall table: each
# kernel makes its own.
KMOD_SRCS := Kbuild VERSION $(filter-out kmod/sonde_syscalls.h,$(wildcard kmod/*.[ch] vm/*.[ch] uapi/*.h))
$(B)/kmod/%/sonde.ko: $(KMOD_SRCS)
	@k='$(call kdir_of,$*)'; test -n "$$k" || \
		{ echo "sonde: no kernel headers for $*; apt-get install linux-headers-$*" >&2; exit 1; }; \
	mkdir -p $(@D) && cp -p --parents $(KMOD_SRCS) $(@D)/ && \
	$(MAKE) -C "$$k" M=$(CURDIR)/$(@D) modules

# The kernels `make check` boots: KVER, or the newest of each series.
CHECK_KVERS = $(or $(KVER),$(shell selftests/guest/kernels.sh))

.PHONY: guest-check-kernels
guest-check-kernels: userland selftests-bin
	@rels='$(CHECK_KVERS)'; test -n "$$rels" || exit 1; \
	for r in $$rels; do $(MAKE) --no-print-directory $(B)/kmod/$$r/sonde.ko || exit 1; done; \
	SONDE_TESTS="$(SONDE_TESTS)" SONDE_LOCKDOWN_TESTS="$(if $(SONDE_TESTS),,$(LOCKDOWN_TESTS))" \
		selftests/guest/check-all.sh $$rels

# The runner itself (selftests/guest/test-runner.sh): a KVM that aborts
# or hangs still gives a passing run on TCG; SONDE_KERNEL, SONDE_MODULES.
# Three short boots of the first kernel.
.PHONY: check-runner
check-runner: userland selftests-bin
	@rels='$(CHECK_KVERS)'; test -n "$$rels" || exit 1; r=$${rels%% *}; \
	$(MAKE) --no-print-directory $(B)/kmod/$$r/sonde.ko && \
	selftests/guest/test-runner.sh $$r

# The guest runs share build/guest/ and build/kmod/: one after the other,
# after the unit tests, even under make -j (the total stays the last line).
check: unit
	@$(MAKE) --no-print-directory check-runner
	@$(MAKE) --no-print-directory guest-check-kernels

# The newest kernel Debian unstable ships, through a sid chroot: the
# module built there and, if that kernel boots, the selftests on it
# (selftests/guest/check-unstable.sh).  Not part of make check.
.PHONY: check-kernels
check-kernels: userland selftests-bin
	selftests/guest/check-unstable.sh

# What CI does, on a machine with nothing installed yet: a clean clone of
# HEAD in a fresh Debian 12 chroot, where .ci/run runs make deps, the
# build and make check (selftests/guest/check-fresh.sh).  It fails if
# make deps leaves out something a test needs.  Not part of make check.
.PHONY: check-fresh
check-fresh:
	selftests/guest/check-fresh.sh

# The Debian packages: lintian's policy checks (the maintainer's mail
# address is the one error let through: the project has no mail domain),
# then a Debian 12 guest booted with systemd: install on 6.1 (DKMS builds
# the module there), a 6.12 kernel installed (DKMS builds it again), boot
# 6.12, remove, boot again (selftests/guest/pkg-guest.sh).  DKMS compiles
# inside a TCG guest, which takes many minutes: not part of make check.
.PHONY: check-packages
check-packages: deb
	lintian --fail-on error --suppress-tags bogus-mail-host,bogus-mail-host-in-debian-changelog \
		$(B)/deb/sonde_$(VERSION)_amd64.changes
	@rels='$(CHECK_KVERS)'; test -n "$$rels" || exit 1; \
	selftests/guest/pkg-guest.sh $$rels

demo: module userland selftests-bin
	KDIR=$(KDIR) selftests/demo.sh

# Everything a fresh Debian 12 machine needs to build sonde and run
# 'make check': the toolchain, kernel headers, the kernel image the guest
# boots and the source tarball the kselftest harness comes from (both
# matching the headers: all three are the same metapackage version), for
# both of Debian 12's kernel series (6.1, and 6.12 whose headers need
# pahole from dwarves for the module's BTF), QEMU, busybox and cpio for
# the initramfs, the decompressors extract-vmlinux needs, kmod for
# modinfo, libelf and zlib (linked statically) for the CLI; debhelper,
# dh-dkms, dkms and fakeroot for make deb; lintian and debootstrap for
# make check-packages, debootstrap for make check-kernels; a JDK for the
# Java tools' JVM in the guest; bash-completion and vim for the tests of
# the completion and the syntax file; prometheus for promtool (-O
# prometheus's check) and golang-go for go tool pprof (-O pprof's);
# for make conformance, gawk (dtrace-utils' .r.p post-processors) and
# libc6-dbg (libc's local functions in ustack(), as DTrace's test hosts
# name them).
DEPS_PKGS := build-essential make libc6-dev binutils pkg-config \
	linux-headers-amd64 linux-image-amd64 linux-source \
	linux-headers-6.12-amd64 linux-image-6.12-amd64 dwarves \
	debhelper dh-dkms dkms fakeroot lintian debootstrap e2fsprogs \
	qemu-system-x86 busybox-static cpio \
	xz-utils zstd gzip lz4 bzip2 kmod python3 libelf-dev zlib1g-dev liblzma-dev libbpf-dev ca-certificates \
	clang libclang-rt-14-dev systemtap-sdt-dev python3.11 prometheus golang-go \
	libcapstone-dev openjdk-17-jdk-headless bash-completion vim \
	gawk libc6-dbg

deps:
	@set -e; \
	if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update; \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		$(DEPS_PKGS)

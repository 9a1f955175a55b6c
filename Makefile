# SPDX-License-Identifier: GPL-2.0
#
# sonde top-level build.
#
#   make            the module (sonde.ko) and the userland (build/sonde,
#                   build/libsonde.a)
#   make deps       install what building and testing need (Debian 12, root)
#   make check      userland unit tests, then the selftests in a QEMU guest
#                   (check-packages, check-kernels, check-fresh: the
#                   packages, Debian unstable's kernel, a fresh machine;
#                   see selftests/build.mk)
#   make demo       a demo trace: on this host if it can load modules,
#                   otherwise in the guest
#   make bench      sonde vs bpftrace, side by side in one QEMU guest boot
#                   (bench/guest.sh; BENCH_QUICK=1 for a short run); never
#                   part of make check
#   make profile    guest instructions and time per kernel symbol of one
#                   firing (PROG='D program', MODE=getppid|read|python|
#                   pygetppid|pyusdt; SUITE=bookworm|trixie BT='bpftrace
#                   program' for bpftrace's, in a Debian root)
#                   (these two and every other benchmark, bench-vm,
#                   bench-core...: bench/bench.mk)
#   make clean
#
# The kernel: KVER= names an installed release (as `uname -r` prints it),
# KDIR= a kernel build tree.  By default the running kernel's, else the
# newest Debian linux-headers-*-amd64 installed, by version (sort -V, as
# selftests/guest/run-guest.sh: 6.1.0-9 comes before 6.1.0-56).
# `make check` tests every Debian 12 kernel series installed (6.1 and
# 6.12); `make check KVER=...` that one kernel only.

kdir_of = $(patsubst %/Makefile,%,$(firstword $(wildcard \
	/lib/modules/$(1)/build/Makefile /usr/src/linux-headers-$(1)/Makefile)))
ifneq ($(KVER),)
KDIR ?= $(or $(call kdir_of,$(KVER)),$(error no kernel headers for KVER=$(KVER): apt-get install linux-headers-$(KVER)))
endif
KDIR ?= $(or $(call kdir_of,$(shell uname -r)),$(shell ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1))

B := build
CC ?= gcc
WARN := -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Wshadow \
	-Wstrict-prototypes -Wmissing-prototypes -Werror
CFLAGS ?= -O2 -g
# The command is linked statically, libc, libbpf (the compiler's BTF
# reader), libelf and zlib included: under TCG the dynamic loader's work
# (mapping libc, relocating, binding) was most of what starting sonde
# cost -- `sonde -V` took 56 ms dynamic and 12 ms static, BEGIN { exit(0); }
# 87 ms and 21 ms (medians in the test guest) -- and every start is timed
# (time to first event).  capstone (pid offset probes only) is still
# dlopen()ed when needed, which glibc allows a static program with the
# glibc it was linked with.  liblzma reads MiniDebugInfo (.gnu_debugdata)
# and libstdc++.a gives the C++ demangler (__cxa_demangle, cp-demangle.o
# only: about 60 KB) for user stacks' names (userland/lib/sym.c).
LDLIBS += -static -lbpf -lelf -lz -llzma -lstdc++
# CPPFLAGS and LDFLAGS too, so a packager's hardening flags (Debian's
# dpkg-buildflags: _FORTIFY_SOURCE, relro, now) reach the command.
ALL_CFLAGS := $(CPPFLAGS) $(CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -fno-strict-aliasing \
	-MMD -MP

# The userland, one folder per part; every .c file of a folder is built.
#   vm/            the VM, also compiled into the module (Kbuild)
#   userland/usdt/ user probes: ELF notes and symbols, instruction
#                  boundaries, -h headers and -G objects, CPython runtimes
#                  (no device)
#   userland/lib/  libsonde: the device (every ioctl), program, loading,
#                  probe resolution (user probes too), consumer, output
#   userland/dc/   the D compiler
#   userland/cmd/  the sonde command
# What a folder may include is what it builds on: usdt sees only uapi/
# (libsonde builds on it, never the reverse), the consumer never sees the
# compiler's headers, the compiler sees libsonde's program and usdt's
# provider definitions (dc_sdt.c fills what usdt's -h/-G writers take).
VM_SRCS := $(sort $(wildcard vm/*.c))
LIB_SRCS := $(sort $(wildcard userland/lib/*.c))
USDT_SRCS := $(sort $(wildcard userland/usdt/*.c))
DC_SRCS := $(sort $(wildcard userland/dc/*.c))
CMD_SRCS := $(sort $(wildcard userland/cmd/*.c))
# build/libsonde.a: everything an ioctl client links, compiler included
LIBSONDE_SRCS := $(VM_SRCS) $(LIB_SRCS) $(USDT_SRCS) $(DC_SRCS)

INC_vm := -Iuapi -Ivm
INC_usdt := -Iuapi -Iuserland/usdt
INC_lib := $(INC_vm) -Iuserland/lib -Iuserland/usdt
INC_dc := $(INC_vm) -Iuserland/lib -Iuserland/usdt -Iuserland/dc
INC_cmd := $(INC_lib) -Iuserland/dc
# the include path of source file $1, by its folder
src_inc = $(if $(filter userland/dc/%,$1),$(INC_dc),$(if $(filter \
	userland/lib/%,$1),$(INC_lib),$(if $(filter userland/usdt/%,$1), \
	$(INC_usdt),$(if $(filter userland/cmd/%,$1),$(INC_cmd),$(INC_vm)))))

.PHONY: all module userland clean check unit deps demo guest-check
all: module userland

module:
	@test -n "$(KDIR)" || { echo "sonde: no kernel headers found; run 'make deps' or set KDIR=" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

userland: $(B)/sonde $(B)/libsonde.a $(B)/completion/sonde

# The bash completion, made from its template with the option tables the
# command and the compiler have (userland/completion/): build/names
# prints a table's D names.
$(B)/names: userland/completion/names.c $(B)/libsonde.a
	$(CC) $(ALL_CFLAGS) $(INC_cmd) $(LDFLAGS) -o $@ $< $(B)/libsonde.a $(LDLIBS)
$(B)/completion/sonde: userland/completion/sonde.bash.in userland/completion/gen.sh \
		$(B)/sonde $(B)/names
	@mkdir -p $(@D)
	userland/completion/gen.sh $(B)/sonde $(B)/names $< > $@.tmp && mv $@.tmp $@

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(call src_inc,$<) -c -o $@ $<

$(B)/libsonde.a: $(LIBSONDE_SRCS:%.c=$(B)/%.o)
	@rm -f $@
	ar rcs $@ $^

$(B)/sonde: $(CMD_SRCS:%.c=$(B)/%.o) $(B)/libsonde.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# One version for the module, the command and the packages.
VERSION := $(strip $(file <VERSION))
$(B)/userland/cmd/sonde.o: ALL_CFLAGS += -DSONDE_VERSION='"$(VERSION)"'
$(B)/userland/cmd/sonde.o: VERSION

include userland/tests/build.mk
include selftests/build.mk
# every benchmark target; after the two above, whose variables it uses
include bench/bench.mk

# ---- install ---------------------------------------------------------
#
#   make install [PREFIX=/usr/local] [DESTDIR=...]   everything below
#   make install-userland   the command, libsonde (static library, headers,
#                           pkg-config file), the man page, the docs, the
#                           tools (SBINDIR/NAME.d, their man pages), the
#                           bash completion and the vim files for D
#   make install-dtrace     dtrace as another name of sonde: SBINDIR/dtrace,
#                           its man page and completion (the sonde-dtrace
#                           package; docs/install.md says why apart)
#   make install-dkms       the module's sources for DKMS, in
#                           DKMSDIR/sonde-VERSION (/usr/src: where dkms
#                           looks, whatever PREFIX); then, as root,
#                           `dkms install sonde/VERSION` builds and installs
#                           it for the running kernel, and every kernel
#                           installed later gets it (AUTOINSTALL)
#   make uninstall          removes what install put there
#   make deb                the Debian packages sonde and sonde-dkms, in
#                           build/deb/ (debian/, dpkg-buildpackage)
PREFIX ?= /usr/local
SBINDIR ?= $(PREFIX)/sbin
LIBDIR ?= $(PREFIX)/lib
# the D libraries (translators, psinfo_t & co.), as dtrace's /usr/lib/dtrace
DLIBDIR ?= $(LIBDIR)/sonde
$(B)/userland/cmd/sonde.o: ALL_CFLAGS += -DSONDE_DLIBDIR='"$(DLIBDIR)"'
# sonde.o is rebuilt when DLIBDIR changes (make install PREFIX=/usr after a
# plain make): the stamp holds the directory compiled in, rewritten only
# when it differs.
$(B)/userland/cmd/sonde.o: $(B)/dlibdir.stamp
$(B)/dlibdir.stamp: FORCE
	@mkdir -p $(dir $@)
	@test "$$(cat $@ 2>/dev/null)" = "$(DLIBDIR)" || echo "$(DLIBDIR)" > $@
.PHONY: FORCE
FORCE:

INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/sonde
DKMSDIR ?= /usr/src
LIB_HDRS := userland/lib/libsonde.h userland/lib/program.h userland/dc/dc.h \
	userland/usdt/usdt.h uapi/sonde.h uapi/sonde_isa.h
DOCS := README.md $(wildcard docs/*.md)
DLIBS := $(wildcard userland/dlib/*.d)
TOOLS := $(wildcard userland/tools/*.d)
TOOLMANS := $(wildcard userland/tools/man/*.8)
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
# Vim reads /usr/share/vim/vimfiles (Debian's Vim: before its own
# runtime files), not /usr/local/share: set VIMDIR for a local Vim
VIMDIR ?= $(PREFIX)/share/vim/vimfiles
VIMFILES := syntax/dtrace.vim ftdetect/sonde.vim
# the service (userland/service/): sonde@.service, its logrotate rules,
# the scripts' folder, an example script and options file
UNITDIR ?= /lib/systemd/system
SYSCONFDIR ?= /etc
SVC := userland/service
DKMS_SRCS = Kbuild VERSION COPYING $(filter-out kmod/sonde_syscalls.h,$(wildcard kmod/*.[ch])) \
	$(wildcard vm/*.[ch] uapi/*.h)
DKMS_DEST = $(DESTDIR)$(DKMSDIR)/sonde-$(VERSION)

.PHONY: install install-userland install-dkms install-dtrace uninstall deb
install: install-userland install-dkms

install-userland: userland
	install -D -m 755 $(B)/sonde $(DESTDIR)$(SBINDIR)/sonde
	install -D -m 644 $(B)/libsonde.a $(DESTDIR)$(LIBDIR)/libsonde.a
	install -d $(DESTDIR)$(INCLUDEDIR)/sonde
	install -m 644 $(LIB_HDRS) $(DESTDIR)$(INCLUDEDIR)/sonde/
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' \
		userland/lib/libsonde.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/libsonde.pc
	install -D -m 644 docs/sonde.8 $(DESTDIR)$(MANDIR)/man8/sonde.8
	install -d $(DESTDIR)$(DLIBDIR)
	install -m 644 $(DLIBS) $(DESTDIR)$(DLIBDIR)/
	install -d $(DESTDIR)$(DOCDIR)
	install -m 644 $(DOCS) $(DESTDIR)$(DOCDIR)/
	@# the tools, run by the sonde installed here
	for t in $(TOOLS); do \
		sed '1s|^#!/usr/sbin/sonde |#!$(SBINDIR)/sonde |' $$t > $(DESTDIR)$(SBINDIR)/$${t##*/} && \
		chmod 755 $(DESTDIR)$(SBINDIR)/$${t##*/} || exit 1; \
	done
	install -m 644 $(TOOLMANS) $(DESTDIR)$(MANDIR)/man8/
	install -D -m 644 $(B)/completion/sonde $(DESTDIR)$(BASHCOMPDIR)/sonde
	for f in $(VIMFILES); do \
		install -D -m 644 userland/vim/$$f $(DESTDIR)$(VIMDIR)/$$f || exit 1; \
	done
	install -d $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSCONFDIR)/sonde/scripts.d \
		$(DESTDIR)$(SYSCONFDIR)/logrotate.d $(DESTDIR)$(DOCDIR)/examples
	sed 's|/usr/sbin/sonde |$(SBINDIR)/sonde |; s|/etc/|$(SYSCONFDIR)/|g' $(SVC)/sonde@.service \
		> $(DESTDIR)$(UNITDIR)/sonde@.service
	install -m 644 $(SVC)/sonde.logrotate $(DESTDIR)$(SYSCONFDIR)/logrotate.d/sonde
	install -m 644 $(SVC)/syscalls.d $(SVC)/default-sonde-NAME $(DESTDIR)$(DOCDIR)/examples/

install-dtrace:
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(BASHCOMPDIR)
	ln -sf sonde $(DESTDIR)$(SBINDIR)/dtrace
	ln -sf sonde.8 $(DESTDIR)$(MANDIR)/man8/dtrace.8
	ln -sf sonde $(DESTDIR)$(BASHCOMPDIR)/dtrace

install-dkms:
	install -d $(DKMS_DEST)
	cp -p --parents $(DKMS_SRCS) $(DKMS_DEST)/
	sed 's/#MODULE_VERSION#/$(VERSION)/' dkms.conf > $(DKMS_DEST)/dkms.conf

uninstall:
	rm -f $(DESTDIR)$(SBINDIR)/sonde $(DESTDIR)$(LIBDIR)/libsonde.a \
		$(DESTDIR)$(LIBDIR)/pkgconfig/libsonde.pc $(DESTDIR)$(MANDIR)/man8/sonde.8
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/sonde/,$(notdir $(LIB_HDRS)))
	rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(DOCS)))
	rm -f $(addprefix $(DESTDIR)$(DLIBDIR)/,$(notdir $(DLIBS)))
	rm -f $(addprefix $(DESTDIR)$(SBINDIR)/,$(notdir $(TOOLS)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man8/,$(notdir $(TOOLMANS)))
	rm -f $(DESTDIR)$(BASHCOMPDIR)/sonde $(addprefix $(DESTDIR)$(VIMDIR)/,$(VIMFILES))
	rm -f $(DESTDIR)$(UNITDIR)/sonde@.service $(DESTDIR)$(SYSCONFDIR)/logrotate.d/sonde
	rm -f $(DESTDIR)$(DOCDIR)/examples/syscalls.d $(DESTDIR)$(DOCDIR)/examples/default-sonde-NAME
	-rmdir $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(SYSCONFDIR)/sonde/scripts.d \
		$(DESTDIR)$(SYSCONFDIR)/sonde 2>/dev/null
	@# install-dtrace's links, if they are sonde's
	for l in $(SBINDIR)/dtrace:sonde $(MANDIR)/man8/dtrace.8:sonde.8 $(BASHCOMPDIR)/dtrace:sonde; do \
		test "$$(readlink $(DESTDIR)$${l%%:*})" != "$${l##*:}" || rm -f $(DESTDIR)$${l%%:*}; \
	done
	-rmdir $(DESTDIR)$(DLIBDIR) 2>/dev/null
	-rmdir $(DESTDIR)$(INCLUDEDIR)/sonde $(DESTDIR)$(DOCDIR) 2>/dev/null
	rm -rf $(DKMS_DEST)

# The packages, from a copy of the tree without build/ (dpkg-buildpackage
# writes its results next to the source folder).
deb:
	rm -rf $(B)/deb && mkdir -p $(B)/deb/sonde-$(VERSION)
	tar -cf - --exclude=./build --exclude=./.git --exclude='*.ko' --exclude='*.o' . | \
		tar -C $(B)/deb/sonde-$(VERSION) -xf -
	cd $(B)/deb/sonde-$(VERSION) && dpkg-buildpackage -b -us -uc
	@ls $(B)/deb/*.deb

clean:
	rm -rf $(B)
	-test -z "$(KDIR)" || $(MAKE) -C $(KDIR) M=$(CURDIR) clean

# The dependency files gcc -MMD wrote: a .d whose first line names its
# own target (x.d: "x.o: ..." or "x: ..."), so a D script that lands in
# build/ is never read as a makefile.  Not the Debian roots of the bench
# and package guests, nor the module's build copies.
-include $(shell find $(B) \( -path $(B)/bench-guest -o -path $(B)/pkg-guest -o -path $(B)/kmod \) -prune \
	-o -name '*.d' -type f -print 2>/dev/null | xargs -r awk 'FNR == 1 { t = FILENAME; sub(/\.d$$/, "", t); \
	if (index($$0, t ".o:") == 1 || index($$0, t ":") == 1) print FILENAME; nextfile }')

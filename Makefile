# SPDX-License-Identifier: GPL-2.0
#
# sonde top-level build.
#
#   make            the module (sonde.ko) and the userland (build/sonde,
#                   build/libsonde.a)
#   make deps       install what building and testing need (Debian 12, root)
#   make check      userland unit tests, then the selftests in a QEMU guest
#   make demo       a demo trace: on this host if it can load modules,
#                   otherwise in the guest
#   make bench      sonde vs bpftrace, side by side in one QEMU guest boot
#                   (bench/guest.sh; BENCH_QUICK=1 for a short run); never
#                   part of make check
#   make profile    guest instructions and time per kernel symbol of one
#                   firing (PROG='D program', MODE=getppid|read|python)
#   make clean
#
# KDIR= overrides the kernel build tree; by default the running kernel's,
# else the newest Debian linux-headers-*-amd64 installed.

KDIR ?= $(firstword $(wildcard /lib/modules/$(shell uname -r)/build/Makefile:%/Makefile=%) \
	$(patsubst %/Makefile,%,$(lastword $(sort $(wildcard /usr/src/linux-headers-*-amd64/Makefile)))))
KDIR := $(patsubst %/Makefile,%,$(KDIR))

B := build
CC ?= gcc
WARN := -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Wshadow \
	-Wstrict-prototypes -Wmissing-prototypes -Werror
CFLAGS ?= -O2 -g
# The command is linked statically, libc, libelf and zlib included: under
# TCG the dynamic loader's work (mapping libc, relocating, binding) was
# most of what starting sonde cost -- `sonde -V` took 56 ms dynamic and
# 12 ms static, BEGIN { exit(0); } 87 ms and 21 ms (medians in the test
# guest) -- and every start is timed (time to first event).  capstone
# (pid offset probes only) is still dlopen()ed when needed, which glibc
# allows a static program with the glibc it was linked with.
LDLIBS += -static -lelf -lz
ALL_CFLAGS := $(CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -fno-strict-aliasing \
	-Iuapi -Ivm -Iuserland/lib -MMD -MP

VM_SRCS := vm/isa.c vm/interp.c vm/verify.c vm/image.c vm/aggfn.c vm/subr.c vm/vlog.c vm/disasm.c vm/asm.c
LIB_SRCS := $(sort $(wildcard userland/lib/*.c))
VM_OBJS := $(VM_SRCS:%.c=$(B)/%.o)
LIB_OBJS := $(LIB_SRCS:%.c=$(B)/%.o)

.PHONY: all module userland clean check unit deps demo guest-check
all: module userland

module:
	@test -n "$(KDIR)" || { echo "sonde: no kernel headers found; run 'make deps' or set KDIR=" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

userland: $(B)/sonde $(B)/libsonde.a

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/libsonde.a: $(VM_OBJS) $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(B)/sonde: $(B)/userland/cmd/sonde.o $(B)/libsonde.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

include userland/tests/build.mk
include selftests/build.mk

# The sonde vs bpftrace suite (issue 9): a Debian guest with both tools.
$(B)/bench/bench-load: bench/bench-load.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -o $@ $<

.PHONY: bench
bench: module userland $(B)/bench/bench-load
	KDIR=$(KDIR) bench/guest.sh

# Where a firing's time goes under TCG (bench/profile.sh, bench/tcgprof.c):
#   make profile PROG='syscall::getppid:entry { @ = count(); }' [MODE=read]
.PHONY: profile
profile: module userland selftests-bin $(B)/bench/bench-load
	KDIR=$(KDIR) bench/profile.sh -m $(or $(MODE),getppid) '$(PROG)'

clean:
	rm -rf $(B)
	-test -z "$(KDIR)" || $(MAKE) -C $(KDIR) M=$(CURDIR) clean

# Not the bench guest's Debian root (its /etc/rc2.d are directories).
-include $(shell find $(B) -path $(B)/bench-guest -prune -o -name '*.d' -type f -print 2>/dev/null)

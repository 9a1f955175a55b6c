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
# capstone (pid offset probes only) is dlopen()ed when needed.  libelf
# (and its zlib) are linked in: a process that loads two libraries fewer
# starts measurably sooner under TCG, where every start is timed (make
# bench's time to first event), and sonde then needs only libc.
LDLIBS += -Wl,-Bstatic -lelf -lz -Wl,-Bdynamic
ALL_CFLAGS := $(CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -fno-strict-aliasing \
	-MMD -MP

# The userland, one folder per part; every .c file of a folder is built.
#   vm/            the VM, also compiled into the module (Kbuild)
#   userland/lib/  libsonde: device, program, probe resolution, consumer,
#                  output
#   userland/usdt/ user probes: ELF notes and symbols, uprobes, -h headers
#   userland/dc/   the D compiler
#   userland/cmd/  the sonde command
# What a folder may include is what it builds on: the consumer never sees
# the compiler's headers, the compiler sees libsonde's program.
VM_SRCS := $(sort $(wildcard vm/*.c))
LIB_SRCS := $(sort $(wildcard userland/lib/*.c))
USDT_SRCS := $(sort $(wildcard userland/usdt/*.c))
DC_SRCS := $(sort $(wildcard userland/dc/*.c))
CMD_SRCS := $(sort $(wildcard userland/cmd/*.c))
# build/libsonde.a: everything an ioctl client links, compiler included
LIBSONDE_SRCS := $(VM_SRCS) $(LIB_SRCS) $(USDT_SRCS) $(DC_SRCS)

INC_vm := -Iuapi -Ivm
INC_lib := $(INC_vm) -Iuserland/lib -Iuserland/usdt
INC_dc := $(INC_vm) -Iuserland/lib -Iuserland/dc
INC_cmd := $(INC_lib) -Iuserland/dc
# the include path of source file $1, by its folder
src_inc = $(if $(filter userland/dc/%,$1),$(INC_dc),$(if $(filter \
	userland/lib/% userland/usdt/%,$1),$(INC_lib),$(if $(filter \
	userland/cmd/%,$1),$(INC_cmd),$(INC_vm))))

.PHONY: all module userland clean check unit deps demo guest-check
all: module userland

module:
	@test -n "$(KDIR)" || { echo "sonde: no kernel headers found; run 'make deps' or set KDIR=" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

userland: $(B)/sonde $(B)/libsonde.a

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(call src_inc,$<) -c -o $@ $<

$(B)/libsonde.a: $(LIBSONDE_SRCS:%.c=$(B)/%.o)
	@rm -f $@
	ar rcs $@ $^

$(B)/sonde: $(CMD_SRCS:%.c=$(B)/%.o) $(B)/libsonde.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

include userland/tests/build.mk
include selftests/build.mk

# The sonde vs bpftrace suite: a Debian guest with both tools.
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

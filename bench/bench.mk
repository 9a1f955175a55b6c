# SPDX-License-Identifier: GPL-2.0
#
# bench/bench.mk - every benchmark target: figures, not tests; none is
# part of make check.  Included by the top-level Makefile after
# userland/tests/build.mk and selftests/build.mk, whose variables it uses
# (TEST_INC, TEST_HDRS, ST_OUT, ST_SRC).
#
#   make bench           sonde vs bpftrace, side by side in one QEMU guest
#                        boot (bench/guest.sh; BENCH_QUICK=1 for a short
#                        run)
#   make profile         guest instructions and time per kernel symbol of
#                        one firing (PROG='D program', MODE=getppid|read|
#                        python|pygetppid|pyusdt; SUITE=bookworm|trixie
#                        BT='bpftrace program' for bpftrace's on the same
#                        workload, in a Debian root)
#   make bench-vm        the interpreter in userland: computed-goto dispatch
#                        against a switch
#   make bench-core      the tracing core, in the guest
#   make bench-providers the kernel providers' cost, in the guest
#   make bench-usdt      a Python function call untraced, traced by USDT,
#                        detached
#   make bench-jstack    jstack() against ustack(), and profile-997 with
#                        jstack() on a Python workload
#   make bench-worst     the worst firing the firing budget lets through
#
# bench/hotpath-check.sh is a check, not a benchmark: make check runs it,
# and `make hotpath-check` is in selftests/build.mk.

# ---- userland ------------------------------------------------------------

# The interpreter microbenchmark (figures, not a test): computed-goto
# dispatch as in the module, and a switch for comparison.
# The VM is built from its sources here, once per dispatch; program.c
# serialises the benchmark's programs.
BENCH_CFLAGS := -O2 -g $(WARN) -std=gnu11 -D_GNU_SOURCE $(TEST_INC)
VM_BENCH_SRCS := $(VM_SRCS) userland/tests/vm_env.c userland/lib/program.c

$(B)/bench/vm_bench: bench/vm_bench.c $(VM_BENCH_SRCS) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BENCH_CFLAGS) -o $@ bench/vm_bench.c $(VM_BENCH_SRCS)

$(B)/bench/vm_bench_switch: bench/vm_bench.c $(VM_BENCH_SRCS) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BENCH_CFLAGS) -DSONDE_VM_SWITCH -o $@ bench/vm_bench.c \
		$(VM_BENCH_SRCS)

.PHONY: bench-vm
bench-vm: $(B)/bench/vm_bench $(B)/bench/vm_bench_switch
	$(B)/bench/vm_bench
	$(B)/bench/vm_bench_switch

# ---- in the test guest ---------------------------------------------------

# Kernel-side benchmarks run in the guest (figures, not tests); their
# programs are built as the selftests' are (img.h, the VM's assembler).
$(ST_OUT)/bench_core: bench/bench_core.c $(ST_HDRS) $(ST_ASM_OBJS)
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -static -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE \
		-Iuapi -Ivm -I$(ST_SRC) -o $@ $< $(ST_ASM_OBJS) -lpthread

# The kernel providers' cost (fbt firing, attach/detach time).
$(ST_OUT)/bench_providers: bench/bench_providers.c $(ST_HDRS) $(ST_ASM_OBJS)
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -static -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE \
		-Iuapi -Ivm -I$(ST_SRC) -o $@ $< $(ST_ASM_OBJS)

.PHONY: bench-providers
bench-providers: module userland selftests-bin $(ST_OUT)/bench_providers
	KDIR=$(KDIR) selftests/guest/run-guest.sh --cmd /bench_providers

# A Python function call untraced, traced by USDT, detached.
.PHONY: bench-usdt
bench-usdt: module userland selftests-bin
	cp bench/bench_usdt.sh $(ST_OUT)/bench_usdt.sh
	KDIR=$(KDIR) selftests/guest/run-guest.sh --cmd /selftests/sonde/bench_usdt.sh

# jstack() against ustack() per firing, and profile-997 + jstack() on a
# Python workload's throughput.
.PHONY: bench-jstack
bench-jstack: module userland selftests-bin
	cp bench/bench_jstack.sh $(ST_OUT)/bench_jstack.sh
	KDIR=$(KDIR) SONDE_TCG_THREAD=single \
		selftests/guest/run-guest.sh --cmd /selftests/sonde/bench_jstack.sh

.PHONY: bench-core
bench-core: module userland selftests-bin $(ST_OUT)/bench_core
	KDIR=$(KDIR) selftests/guest/run-guest.sh --cmd /bench_core

# The worst firing the firing budget lets through, per kind of work
# (bench/bench_worst.c; figures in bench/worst-firing.md, docs/vm.md).
$(ST_OUT)/bench_worst: bench/bench_worst.c uapi/sonde.h uapi/sonde_isa.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -static -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE \
		-Iuapi -o $@ $<

# Built with the selftests, so an instruction-set row without its worst
# image fails the build CI runs, not only a bench run.
selftests-bin: $(ST_OUT)/bench_worst

.PHONY: bench-worst
bench-worst: module userland selftests-bin $(ST_OUT)/bench_worst
	KDIR=$(KDIR) SONDE_GUEST_TIMEOUT=1800 \
		selftests/guest/run-guest.sh --cmd /bench_worst

# ---- sonde against bpftrace; one firing under TCG's profiler -------------

# The sonde vs bpftrace suite: a Debian guest with both tools.
$(B)/bench/bench-load: bench/bench-load.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -o $@ $<

# The same, built as Debian builds (no frame pointers) and with them: the
# user-stack case (c12) walks one by its unwind tables, the other by its
# frame pointers.
$(B)/bench/bench-load-nofp: bench/bench-load.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -fomit-frame-pointer $(WARN) -std=gnu11 -D_GNU_SOURCE -o $@ $<

$(B)/bench/bench-load-fp: bench/bench-load.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -fno-omit-frame-pointer $(WARN) -std=gnu11 -D_GNU_SOURCE -o $@ $<

.PHONY: bench
bench: module userland $(B)/bench/bench-load $(B)/bench/bench-load-nofp $(B)/bench/bench-load-fp
	KDIR=$(KDIR) bench/guest.sh

# Where a firing's time goes under TCG (bench/profile.sh, bench/tcgprof.c):
#   make profile PROG='syscall::getppid:entry { @ = count(); }' [MODE=read]
# and bpftrace's on the same workload, in a Debian root (bench/mkroot.sh):
#   make profile SUITE=trixie PROG='...' BT='tracepoint:syscalls:sys_enter_getppid { @ = count(); }'
.PHONY: profile
profile: module userland selftests-bin $(B)/bench/bench-load
	KDIR=$(KDIR) bench/profile.sh -m $(or $(MODE),getppid) $(if $(SUITE),-r $(SUITE)) \
		$(if $(PROG),'$(PROG)') $(if $(BT),'bpftrace:$(BT)')

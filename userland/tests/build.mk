# SPDX-License-Identifier: GPL-2.0
#
# Userland unit tests, run by `make unit` (and first thing in `make check`).
# Each suite is a unit-<name> target that `unit` depends on.  Test binaries
# are built with ASan and UBSan: a sanitizer report fails the test.

SAN_CFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
TEST_CFLAGS := $(SAN_CFLAGS) $(WARN) -Wno-format-truncation -std=gnu11 \
	-D_GNU_SOURCE -Iuapi -Ivm -Iuserland/lib

.PHONY: unit unit-vm
unit: unit-vm

# The VM corpus: every opcode, verifier rule and fault kind.
VM_TEST_SRCS := $(VM_SRCS) userland/tests/vm_env.c userland/lib/program.c
VM_TEST_DEPS := $(VM_TEST_SRCS) $(wildcard vm/*.h uapi/*.h \
	userland/lib/program.h userland/tests/vm_env.h)

$(B)/tests/vm_test: userland/tests/vm_test.c $(VM_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -Iuserland/tests -o $@ userland/tests/vm_test.c \
		$(VM_TEST_SRCS)

unit-vm: $(B)/tests/vm_test
	$(B)/tests/vm_test userland/tests/vm

# Formatting golden tests of the consumer (trace/printf/printa columns,
# aggregation rows and histograms), no kernel needed.
FMT_SRCS := userland/lib/printf.c userland/lib/print_agg.c \
	userland/lib/aggregate.c userland/lib/consume.c userland/lib/device.c \
	userland/lib/resolve.c userland/lib/program.c

$(B)/tests/test_fmt: userland/tests/fmt/test_fmt.c $(FMT_SRCS) vm/aggfn.c vm/isa.c \
		$(wildcard vm/*.h uapi/*.h userland/lib/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -o $@ userland/tests/fmt/test_fmt.c $(FMT_SRCS) \
		vm/aggfn.c vm/isa.c

.PHONY: unit-fmt
unit-fmt: $(B)/tests/test_fmt
	$(B)/tests/test_fmt

unit: unit-fmt

# The interpreter microbenchmark (figures, not a test): computed-goto
# dispatch as in the module, and a switch for comparison.
BENCH_CFLAGS := -O2 -g $(WARN) -std=gnu11 -D_GNU_SOURCE -Iuapi -Ivm \
	-Iuserland/lib -Iuserland/tests

$(B)/bench/vm_bench: bench/vm_bench.c $(VM_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BENCH_CFLAGS) -o $@ bench/vm_bench.c $(VM_TEST_SRCS)

$(B)/bench/vm_bench_switch: bench/vm_bench.c $(VM_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BENCH_CFLAGS) -DSONDE_VM_SWITCH -o $@ bench/vm_bench.c \
		$(VM_TEST_SRCS)

.PHONY: bench-vm
bench-vm: $(B)/bench/vm_bench $(B)/bench/vm_bench_switch
	$(B)/bench/vm_bench
	$(B)/bench/vm_bench_switch

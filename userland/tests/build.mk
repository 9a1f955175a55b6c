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
$(B)/tests/vm_test: userland/tests/vm_test.c $(VM_SRCS) userland/lib/program.c \
		$(wildcard vm/*.h uapi/*.h userland/lib/program.h)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -o $@ userland/tests/vm_test.c $(VM_SRCS) \
		userland/lib/program.c

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

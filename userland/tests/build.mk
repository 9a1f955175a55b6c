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
unit: unit-vm unit-fuzz unit-fuzz-dc unit-docs

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
FMT_SRCS := userland/lib/printf.c userland/lib/print_agg.c userland/lib/aggact.c \
	userland/lib/aggregate.c userland/lib/consume.c userland/lib/device.c \
	userland/lib/resolve.c userland/lib/program.c userland/lib/sym.c \
	userland/lib/json.c userland/lib/uprobe.c userland/lib/uelf.c \
	userland/lib/fmtspec.c userland/lib/kprov.c

$(B)/tests/test_fmt: userland/tests/fmt/test_fmt.c $(FMT_SRCS) vm/aggfn.c vm/isa.c \
		$(wildcard vm/*.h uapi/*.h userland/lib/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -o $@ userland/tests/fmt/test_fmt.c $(FMT_SRCS) \
		vm/aggfn.c vm/isa.c -lelf

.PHONY: unit-fmt
unit-fmt: $(B)/tests/test_fmt
	$(B)/tests/test_fmt

unit: unit-fmt

# The ELF side of user probes (issue #8): SDT notes and specs, symbols,
# libraries, sonde -h headers; against the selftests' SDT programs (one
# built with a `sonde -h` header, run untraced), the test's own notes and
# a copy of it stripped of .symtab, and Debian's python3.11.
$(B)/tests/test_uelf: userland/tests/test_uelf.c userland/lib/uelf.c \
		userland/lib/uhdr.c userland/lib/uelf.h $(wildcard uapi/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -o $@ userland/tests/test_uelf.c \
		userland/lib/uelf.c userland/lib/uhdr.c -lelf

$(B)/tests/test_uelf.stripped: $(B)/tests/test_uelf
	objcopy --strip-all $< $@

.PHONY: unit-uelf
unit-uelf: $(B)/tests/test_uelf $(B)/tests/test_uelf.stripped \
		$(B)/selftests/uprobe-prog $(B)/selftests/usdt-hdr-prog
	$(B)/tests/test_uelf $(B)/selftests/uprobe-prog \
		$(B)/selftests/usdt-hdr-prog $(B)/tests/test_uelf.stripped \
		/usr/bin/python3.11
	@# the generated header: C++ takes it too; after a plain <sys/sdt.h>
	@# (notes without semaphores) it refuses to compile
	printf '#include "pony.h"\nint main() { if (PONY_GC_START_ENABLED()) PONY_GC_START(1); PONY_NAMED("x", 0, 3L); return 0; }\n' | \
		$(CXX) -Wall -Werror -fsyntax-only -I$(B)/selftests -x c++ -
	printf '#include <sys/sdt.h>\n#include "pony.h"\n' | \
		$(CC) -fsyntax-only -I$(B)/selftests -x c - 2>&1 | \
		grep -q 'error: #error "<sys/sdt.h> was included without _SDT_HAS_SEMAPHORES'

unit: unit-uelf

# sonde -v -e's stability report against dtrace.c's format.
.PHONY: unit-verbose
unit-verbose: $(B)/sonde
	userland/tests/cli_verbose.sh $(B)/sonde

unit: unit-verbose

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

# ---- fuzzing ------------------------------------------------------------
# A libFuzzer target over the image verifier and the interpreter, with ASan
# and UBSan (userland/tests/fuzz_vm.c): every image the verifier accepts
# must run without a sanitizer report.  Needs clang and its fuzzer runtime
# (Debian: clang, libclang-rt-14-dev; `make deps` installs them).
#
#   make fuzz [FUZZ_TIME=300] [FUZZ_FLAGS=-jobs=4]
#                  fuzz for FUZZ_TIME seconds; new inputs go to
#                  build/fuzz/corpus (seeded from the checked-in seeds,
#                  which are read, never written), crashes to
#                  build/fuzz/artifacts/
#   make unit-fuzz replay every checked-in seed, then a short bounded
#                  session (UNIT_FUZZ_TIME seconds) writing only under
#                  build/fuzz/unit/; part of `make unit`
FUZZ_CC ?= clang
FUZZ_TIME ?= 300
UNIT_FUZZ_TIME ?= 20
FUZZ_FLAGS ?=
FUZZ_SEEDS := userland/tests/fuzz/seeds
FUZZ_CFLAGS := -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer $(WARN) -std=gnu11 \
	-D_GNU_SOURCE -Iuapi -Ivm -Iuserland/lib -Iuserland/tests

$(B)/tests/fuzz_vm: userland/tests/fuzz_vm.c $(VM_TEST_DEPS)
	@mkdir -p $(dir $@)
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { echo "sonde: $(FUZZ_CC) not found: the fuzzer needs clang and libclang-rt-14-dev (make deps)" >&2; exit 1; }
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ userland/tests/fuzz_vm.c \
		$(VM_TEST_SRCS) || { echo "sonde: cannot build the fuzzer (see above); it needs the clang fuzzer runtime, libclang-rt-14-dev" >&2; exit 1; }

.PHONY: fuzz unit-fuzz
fuzz: $(B)/tests/fuzz_vm
	@mkdir -p $(B)/fuzz/corpus $(B)/fuzz/artifacts
	$(B)/tests/fuzz_vm -max_total_time=$(FUZZ_TIME) -timeout=10 \
		-print_final_stats=1 -artifact_prefix=$(B)/fuzz/artifacts/ \
		$(FUZZ_FLAGS) $(B)/fuzz/corpus $(FUZZ_SEEDS)

unit-fuzz: $(B)/tests/fuzz_vm
	@rm -rf $(B)/fuzz/unit
	@mkdir -p $(B)/fuzz/unit/corpus $(B)/fuzz/unit/artifacts
	$(B)/tests/fuzz_vm -timeout=10 -artifact_prefix=$(B)/fuzz/unit/artifacts/ \
		$(FUZZ_SEEDS)/*
	$(B)/tests/fuzz_vm -max_total_time=$(UNIT_FUZZ_TIME) -timeout=10 \
		-print_final_stats=1 \
		-artifact_prefix=$(B)/fuzz/unit/artifacts/ \
		$(B)/fuzz/unit/corpus $(FUZZ_SEEDS)

# The VM corpus as raw-image seeds (a one-off; see fuzz/mkseeds.c).
$(B)/tests/fuzz_mkseeds: userland/tests/fuzz/mkseeds.c userland/tests/vm_test.c \
		$(VM_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -Wno-missing-prototypes -Iuserland/tests -Dmain=vm_test_main \
		-Dsonde_image_verify=seed_image_verify -c \
		-o $(B)/tests/fuzz_mkseeds_vm_test.o userland/tests/vm_test.c
	$(CC) $(TEST_CFLAGS) -Iuserland/tests -o $@ \
		userland/tests/fuzz/mkseeds.c $(B)/tests/fuzz_mkseeds_vm_test.o \
		$(VM_TEST_SRCS)

# ---- end of fuzzing -------------------------------------------------------

# The D compiler: tst.*.d must compile (and pass the verifier), err.D_TAG.*.d
# must fail with that tag; plus the compiler's API tests.  Built from
# sources with the sanitizers, like the other suites.
DC_TEST_SRCS := $(VM_SRCS) userland/tests/vm_env.c userland/lib/program.c \
	$(sort $(wildcard userland/lib/dc_*.c)) userland/lib/fmtspec.c
DC_TEST_DEPS := $(DC_TEST_SRCS) $(wildcard vm/*.h uapi/*.h userland/lib/*.h \
	userland/tests/vm_env.h)

$(B)/tests/dc_test: userland/tests/dc_test.c $(DC_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -Iuserland/tests -o $@ userland/tests/dc_test.c \
		$(DC_TEST_SRCS)

.PHONY: unit-dc
unit-dc: $(B)/tests/dc_test
	$(B)/tests/dc_test userland/tests/dc

unit: unit-dc

# ---- fuzzing the D compiler -----------------------------------------------
# A libFuzzer target over the D compiler, lexer to verifier self-check, with
# ASan, UBSan and LSan (userland/tests/fuzz_dc.c): any bytes, as a script,
# as a -n probespec or as several inputs, must compile or fail with a
# diagnostic, with no sanitizer report.  Seeds: the compiler corpus
# userland/tests/dc/ (read, never written) and the dictionary
# userland/tests/fuzz/d.dict.  Needs clang's fuzzer runtime, like `fuzz`.
#
#   make fuzz-dc [FUZZ_TIME=300] [FUZZ_FLAGS=-jobs=4]
#                  new inputs go to build/fuzz-dc/corpus, crashes to
#                  build/fuzz-dc/artifacts/
#   make unit-fuzz-dc
#                  replay every seed, then a short bounded session
#                  (UNIT_FUZZ_TIME seconds) writing only under
#                  build/fuzz-dc/unit/; part of `make unit`
FUZZ_DC_SEEDS := userland/tests/dc
FUZZ_DC_DICT := userland/tests/fuzz/d.dict
# The compiler evaluates both sides of `!a | !b` on purpose (every error
# reported), which clang's -Wbitwise-instead-of-logical flags.
FUZZ_DC_CFLAGS := $(FUZZ_CFLAGS) -Wno-bitwise-instead-of-logical

$(B)/tests/fuzz_dc: userland/tests/fuzz_dc.c $(DC_TEST_DEPS)
	@mkdir -p $(dir $@)
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { echo "sonde: $(FUZZ_CC) not found: the fuzzer needs clang and libclang-rt-14-dev (make deps)" >&2; exit 1; }
	$(FUZZ_CC) $(FUZZ_DC_CFLAGS) -o $@ userland/tests/fuzz_dc.c \
		$(DC_TEST_SRCS) || { echo "sonde: cannot build the fuzzer (see above); it needs the clang fuzzer runtime, libclang-rt-14-dev" >&2; exit 1; }

.PHONY: fuzz-dc unit-fuzz-dc
fuzz-dc: $(B)/tests/fuzz_dc
	@mkdir -p $(B)/fuzz-dc/corpus $(B)/fuzz-dc/artifacts
	$(B)/tests/fuzz_dc -max_total_time=$(FUZZ_TIME) -timeout=10 \
		-dict=$(FUZZ_DC_DICT) -print_final_stats=1 \
		-artifact_prefix=$(B)/fuzz-dc/artifacts/ \
		$(FUZZ_FLAGS) $(B)/fuzz-dc/corpus $(FUZZ_DC_SEEDS)

unit-fuzz-dc: $(B)/tests/fuzz_dc
	@rm -rf $(B)/fuzz-dc/unit
	@mkdir -p $(B)/fuzz-dc/unit/corpus $(B)/fuzz-dc/unit/artifacts
	$(B)/tests/fuzz_dc -timeout=10 \
		-artifact_prefix=$(B)/fuzz-dc/unit/artifacts/ \
		$(FUZZ_DC_SEEDS)/*.d
	$(B)/tests/fuzz_dc -max_total_time=$(UNIT_FUZZ_TIME) -timeout=10 \
		-dict=$(FUZZ_DC_DICT) -print_final_stats=1 \
		-artifact_prefix=$(B)/fuzz-dc/unit/artifacts/ \
		$(B)/fuzz-dc/unit/corpus $(FUZZ_DC_SEEDS)

# ---- end of fuzzing the D compiler ----------------------------------------

# ---- the documentation's D programs ----------------------------------------
# Every sonde command and ```d block in README.md and docs/*.md must compile
# (`sonde -e`, no kernel); the documents are scanned at run time.
.PHONY: unit-docs
unit-docs: $(B)/sonde
	userland/tests/docs_scripts.sh $(B)/sonde
# ---- end of the documentation's D programs ---------------------------------

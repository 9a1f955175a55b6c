# SPDX-License-Identifier: GPL-2.0
#
# Userland unit tests, run by `make unit` (and first thing in `make check`).
# Each suite is a unit-<name> target that `unit` depends on.  Test binaries
# are built with ASan and UBSan: a sanitizer report fails the test.  They
# link build/san/libsonde.a, the library's sources built with the
# sanitizers, so a test names only its own files.  A C test reports its
# results through userland/tests/unit.h (check(), unit_skip(), the plan and
# the summary).

SAN_CFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
TEST_CFLAGS := $(SAN_CFLAGS) $(WARN) -Wno-format-truncation -std=gnu11 \
	-D_GNU_SOURCE
TEST_INC := $(INC_cmd) -Iuserland/tests
SAN_LIB := $(B)/san/libsonde.a

$(B)/san/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -MMD -MP $(call src_inc,$<) -c -o $@ $<

$(SAN_LIB): $(LIBSONDE_SRCS:%.c=$(B)/san/%.o)
	@rm -f $@
	ar rcs $@ $^

# A test program: its own sources (the prerequisites ending in .c) and
# the sanitized library.
SAN_LINK = $(CC) $(TEST_CFLAGS) $(TEST_INC) -o $@ $(filter %.c,$^) \
	$(SAN_LIB) -lbpf -lelf -lz -llzma -lstdc++
TEST_HDRS := $(wildcard uapi/*.h vm/*.h userland/*/*.h)

.PHONY: unit unit-vm
unit: unit-vm unit-fuzz unit-fuzz-dc unit-docs

# The VM corpus: every opcode, verifier rule and fault kind.  vm_env.c is
# the VM's userland world (deterministic built-ins, a memory window).
$(B)/tests/vm_test: userland/tests/vm_test.c userland/tests/vm_env.c \
		$(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

unit-vm: $(B)/tests/vm_test
	$(B)/tests/vm_test userland/tests/vm

# Formatting golden tests of the consumer (trace/printf/printa columns,
# aggregation rows and histograms, whole records as text and JSON), no
# kernel needed.
$(B)/tests/test_fmt: userland/tests/fmt/test_fmt.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-fmt
unit-fmt: $(B)/tests/test_fmt
	$(B)/tests/test_fmt

unit: unit-fmt

# The ELF side of user probes: SDT notes and specs, symbols, libraries,
# sonde -h headers; against the selftests' SDT programs (one built with a
# `sonde -h` header, run untraced), the test's own notes and a copy of it
# stripped of .symtab, and Debian's python3.11.
$(B)/tests/test_uelf: userland/tests/test_uelf.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

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

# jstack()'s CPython side against a live Debian python3.11: the runtime
# in the ELF file, the kernel's walker over the process's memory, lines.
# And against a 3.12 and a 3.13 where the host has one (a distribution's
# in /usr/bin, else a pyenv build: upstream's layout, libpython shared);
# none: that run says SKIP.
SONDE_PY312 ?= $(firstword $(wildcard /usr/bin/python3.12 $(HOME)/.pyenv/versions/3.12*/bin/python3.12) /usr/bin/python3.12)
SONDE_PY313 ?= $(firstword $(wildcard /usr/bin/python3.13 $(HOME)/.pyenv/versions/3.13*/bin/python3.13) /usr/bin/python3.13)
$(B)/tests/test_pyrt: userland/tests/test_pyrt.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-pyrt
unit-pyrt: $(B)/tests/test_pyrt
	$(B)/tests/test_pyrt /usr/bin/python3.11 3.11
	$(B)/tests/test_pyrt $(SONDE_PY312) 3.12
	$(B)/tests/test_pyrt $(SONDE_PY313) 3.13

unit: unit-pyrt

# jstack()'s Java side against a live JVM (Debian's openjdk-17, and the
# JDK 21 and 25 where installed): the layout its VMStructs export, a walk
# of its interpreted frames with it.
$(B)/tests/test_hsrt: userland/tests/test_hsrt.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-hsrt
unit-hsrt: $(B)/tests/test_hsrt
	$(B)/tests/test_hsrt
	@for j in /usr/lib/jvm/temurin-25-jdk-amd64/bin/java \
		/usr/lib/jvm/java-21-openjdk-amd64/bin/java; do \
		if [ -x $$j ]; then echo "# $$j"; $(B)/tests/test_hsrt $$j || exit 1; fi; \
	done

unit: unit-hsrt

# Where user symbols come from (sym.c): symfix, unstripped and stripped
# with its debug file placed each way gdb looks (build-id, debuglink
# beside it, debuglink under DEBUGDIR/its dir/), with a debuglink whose
# file changed since (CRC), with MiniDebugInfo (.gnu_debugdata: the debug
# file's symbols, xz); perf maps and C++ names on the test itself.
SYMFIX := $(addprefix $(B)/tests/,symfix symfix.debug symfix-other.debug \
	symfix-stripped symfix-link symfix-badcrc symfix-link2 symfix-mini)
$(B)/tests/symfix: userland/tests/symfix.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -fno-omit-frame-pointer -Wall -Werror -o $@ $<
$(B)/tests/symfix-other: userland/tests/symfix.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -fno-omit-frame-pointer -Wall -Werror -DSYMFIX_OTHER -o $@ $<
$(B)/tests/%.debug: $(B)/tests/%
	objcopy --only-keep-debug $< $@
$(B)/tests/symfix-stripped: $(B)/tests/symfix
	objcopy --strip-all $< $@
$(B)/tests/symfix-link: $(B)/tests/symfix-stripped $(B)/tests/symfix.debug
	cd $(B)/tests && objcopy --add-gnu-debuglink=symfix.debug symfix-stripped symfix-link
$(B)/tests/symfix-badcrc: $(B)/tests/symfix-stripped $(B)/tests/symfix.debug
	cp $(B)/tests/symfix.debug $(B)/tests/symfix-bad.debug
	cd $(B)/tests && objcopy --add-gnu-debuglink=symfix-bad.debug symfix-stripped symfix-badcrc
	printf 'changed since' >> $(B)/tests/symfix-bad.debug
$(B)/tests/symfix-link2: $(B)/tests/symfix-stripped $(B)/tests/symfix.debug
	@mkdir -p $(B)/tests/away
	cp $(B)/tests/symfix.debug $(B)/tests/away/symfix2.debug
	objcopy --add-gnu-debuglink=$(B)/tests/away/symfix2.debug $< $@
$(B)/tests/symfix-mini: $(B)/tests/symfix-stripped $(B)/tests/symfix.debug
	xz -c $(B)/tests/symfix.debug > $@.xz
	objcopy --add-section .gnu_debugdata=$@.xz $< $@
	rm -f $@.xz

$(B)/tests/test_syms: userland/tests/test_syms.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-syms
unit-syms: $(B)/tests/test_syms $(SYMFIX)
	$(B)/tests/test_syms $(B)/tests

unit: unit-syms

# ustack() without frame pointers: the unwind rows of the selftests'
# cfi-prog and libcfi.so (selftests/build.mk) and of the host's libc.
$(B)/tests/test_cfi: userland/tests/test_cfi.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-cfi
unit-cfi: $(B)/tests/test_cfi $(B)/selftests/cfi-prog $(B)/selftests/libcfi.so
	$(B)/tests/test_cfi $(B)/selftests/cfi-prog $(B)/selftests/libcfi.so \
		/lib/x86_64-linux-gnu/libc.so.6

unit: unit-cfi

# Stacks for people and for flame-graph tools: jstack()'s text and JSON
# layouts, -O folded, the flame graph's SVG (xmllint checks it).
$(B)/tests/test_folded: userland/tests/test_folded.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-folded
unit-folded: $(B)/tests/test_folded
	$(B)/tests/test_folded $(B)/tests/flamegraph.svg

unit: unit-folded

# The flame graph in a real browser (Debian's chromium, headless): it
# renders, its zoom and search work.  Not in `make check` (a browser
# start is slow; apt-get install chromium).
.PHONY: check-flamegraph
check-flamegraph: $(B)/tests/test_folded
	$(B)/tests/test_folded $(B)/tests/flamegraph.svg
	userland/tests/flamegraph_browser.sh $(B)/tests/flamegraph.svg \
		$(B)/tests/flamegraph.png

# sonde -v -e's stability report against dtrace.c's format.
.PHONY: unit-verbose
unit-verbose: $(B)/sonde
	userland/tests/cli_verbose.sh $(B)/sonde

unit: unit-verbose

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
# The compiler evaluates both sides of `!a | !b` on purpose (every error
# reported), which clang's -Wbitwise-instead-of-logical flags.
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJ_CFLAGS := -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link \
	-fno-omit-frame-pointer $(WARN) -Wno-bitwise-instead-of-logical \
	-std=gnu11 -D_GNU_SOURCE
FUZZ_CFLAGS := $(FUZZ_OBJ_CFLAGS) -fsanitize=fuzzer $(TEST_INC)
FUZZ_LIB := $(B)/fuzzobj/libsonde.a
FUZZ_NEEDS_CLANG = @command -v $(FUZZ_CC) >/dev/null 2>&1 || { echo "sonde: $(FUZZ_CC) not found: the fuzzer needs clang and libclang-rt-14-dev (make deps)" >&2; exit 1; }
# A fuzzer: its own sources and the library, built with the fuzzer's
# coverage instrumentation.
FUZZ_LINK = $(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $(filter %.c,$^) $(FUZZ_LIB) \
	-lbpf -lelf -lz -llzma -lstdc++ || { echo "sonde: cannot build the fuzzer (see above); it needs the clang fuzzer runtime, libclang-rt-14-dev" >&2; exit 1; }

$(B)/fuzzobj/%.o: %.c
	$(FUZZ_NEEDS_CLANG)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_OBJ_CFLAGS) -MMD -MP $(call src_inc,$<) -c -o $@ $<

$(FUZZ_LIB): $(LIBSONDE_SRCS:%.c=$(B)/fuzzobj/%.o)
	@rm -f $@
	ar rcs $@ $^

# The generator of well-formed images both fuzzers use.
FUZZ_GEN := userland/tests/fuzz_gen.c

$(B)/tests/fuzz_vm: userland/tests/fuzz_vm.c $(FUZZ_GEN) \
		userland/tests/vm_env.c $(FUZZ_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK)

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
		userland/tests/vm_env.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) $(TEST_INC) -Wno-missing-prototypes -Dmain=vm_test_main \
		-Dsonde_image_verify_flags=seed_image_verify_flags -c \
		-o $(B)/tests/fuzz_mkseeds_vm_test.o userland/tests/vm_test.c
	$(CC) $(TEST_CFLAGS) $(TEST_INC) -o $@ \
		userland/tests/fuzz/mkseeds.c userland/tests/vm_env.c \
		$(B)/tests/fuzz_mkseeds_vm_test.o $(SAN_LIB)

# ---- end of fuzzing -------------------------------------------------------

# The D compiler: tst.*.d must compile (and pass the verifier), err.D_TAG.*.d
# must fail with that tag; plus the compiler's API tests.
$(B)/tests/dc_test: userland/tests/dc_test.c userland/tests/vm_env.c \
		userland/tests/dc_btf_fixture.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-dc
unit-dc: $(B)/tests/dc_test
	$(B)/tests/dc_test userland/tests/dc userland/dlib

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
$(B)/tests/fuzz_dc: userland/tests/fuzz_dc.c userland/tests/vm_env.c \
		userland/tests/dc_btf_fixture.c $(FUZZ_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK)

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

# ---- fuzzing the module's own code in a kernel shim -----------------------
# kmod/state.c, probe.c, fire.c, buf.c, agg.c, spec.c, dynvar.c and
# prov_dtrace.c, unchanged, with the VM, against userland/tests/kshim/ (fake
# <linux/*.h>, exact-size allocations, simulated CPUs, checked probe-context
# rules), with ASan, UBSan and LSan (userland/tests/fuzz_kmod.c): LOAD, GO,
# firings, DRAIN, AGGSNAP, STOP and close of two consumers, as the input
# says.
#
#   make fuzz-kmod [FUZZ_TIME=300] [FUZZ_FLAGS=-jobs=4]
#                  new inputs go to build/fuzz-kmod/corpus, crashes to
#                  build/fuzz-kmod/artifacts/
#   make unit-fuzz-kmod
#                  replay every seed, then a short bounded session
#                  (UNIT_FUZZ_TIME seconds); part of `make unit`
KSHIM := userland/tests/kshim
KMOD_FUZZ_SRCS := kmod/state.c kmod/probe.c kmod/fire.c kmod/buf.c \
	kmod/agg.c kmod/spec.c kmod/dynvar.c kmod/prov_dtrace.c \
	$(KSHIM)/kshim.c $(KSHIM)/env_shim.c $(FUZZ_GEN) userland/lib/program.c \
	vm/isa.c vm/interp.c vm/verify.c vm/image.c vm/aggfn.c vm/subr.c \
	vm/vlog.c vm/key.c vm/jstack.c vm/cost.c
KMOD_FUZZ_DEPS := $(KMOD_FUZZ_SRCS) $(wildcard kmod/*.h vm/*.h uapi/*.h \
	$(KSHIM)/*.h $(KSHIM)/linux/*.h userland/tests/fuzz_gen.h \
	userland/lib/program.h)
FUZZ_KMOD_SEEDS := userland/tests/fuzz/kmod-seeds
# the shim's <linux/...> first; kmod/ for sonde_kmod.h
# the cost oracle: SONDE_WORK() counts, memcpy() and memset() too
FUZZ_KMOD_CFLAGS := $(FUZZ_OBJ_CFLAGS) -fsanitize=fuzzer -I$(KSHIM) -Ikmod \
	$(INC_lib) -Iuserland/tests -DSONDE_WORK_ORACLE \
	-include $(KSHIM)/kshim_work.h

$(B)/tests/fuzz_kmod: userland/tests/fuzz_kmod.c $(KMOD_FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_NEEDS_CLANG)
	$(FUZZ_CC) $(FUZZ_KMOD_CFLAGS) -o $@ userland/tests/fuzz_kmod.c \
		$(KMOD_FUZZ_SRCS) || { echo "sonde: cannot build the fuzzer (see above); it needs the clang fuzzer runtime, libclang-rt-14-dev" >&2; exit 1; }

.PHONY: fuzz-kmod unit-fuzz-kmod
fuzz-kmod: $(B)/tests/fuzz_kmod
	@mkdir -p $(B)/fuzz-kmod/corpus $(B)/fuzz-kmod/artifacts
	$(B)/tests/fuzz_kmod -max_total_time=$(FUZZ_TIME) -timeout=10 \
		-print_final_stats=1 -artifact_prefix=$(B)/fuzz-kmod/artifacts/ \
		$(FUZZ_FLAGS) $(B)/fuzz-kmod/corpus $(FUZZ_KMOD_SEEDS) $(FUZZ_SEEDS)

unit-fuzz-kmod: $(B)/tests/fuzz_kmod
	@rm -rf $(B)/fuzz-kmod/unit
	@mkdir -p $(B)/fuzz-kmod/unit/corpus $(B)/fuzz-kmod/unit/artifacts
	$(B)/tests/fuzz_kmod -timeout=10 \
		-artifact_prefix=$(B)/fuzz-kmod/unit/artifacts/ \
		$(FUZZ_KMOD_SEEDS)/* $(FUZZ_SEEDS)/*
	$(B)/tests/fuzz_kmod -max_total_time=$(UNIT_FUZZ_TIME) -timeout=10 \
		-print_final_stats=1 \
		-artifact_prefix=$(B)/fuzz-kmod/unit/artifacts/ \
		$(B)/fuzz-kmod/unit/corpus $(FUZZ_KMOD_SEEDS) $(FUZZ_SEEDS)

unit: unit-fuzz-kmod

# The seeds of the findings (a one-off: rerun when fuzz_kmod.c's order of
# choices changes), built without the fuzzer runtime.
.PHONY: fuzz-kmod-seeds
fuzz-kmod-seeds: $(KMOD_FUZZ_DEPS) userland/tests/fuzz_kmod.c
	@mkdir -p $(B)/tests $(FUZZ_KMOD_SEEDS)
	$(CC) $(SAN_CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -I$(KSHIM) \
		-Ikmod $(INC_lib) -Iuserland/tests \
		-Wno-unused-function -DFUZZ_KMOD_MKSEEDS \
		-o $(B)/tests/fuzz_kmod_mkseeds \
		userland/tests/fuzz_kmod.c $(KMOD_FUZZ_SRCS)
	$(B)/tests/fuzz_kmod_mkseeds $(FUZZ_KMOD_SEEDS)
# ---- end of fuzzing the module's own code ---------------------------------

# The remedy for a /dev/sonde that will not open, on fake hosts.
$(B)/tests/test_devhint: userland/tests/test_devhint.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-devhint
unit-devhint: $(B)/tests/test_devhint
	$(B)/tests/test_devhint

# The line after "does not match any probes": bpftrace's probes, Solaris
# providers, did you mean.
$(B)/tests/test_pdhint: userland/tests/test_pdhint.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

# Anonymous enablings' files: the parse the module runs at load, on a
# good file and every way of a bad one; a compiled program saved and
# read back.
$(B)/tests/test_anon: userland/tests/test_anon.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-anon
unit-anon: $(B)/tests/test_anon
	$(B)/tests/test_anon

unit: unit-anon

.PHONY: unit-pdhint
unit-pdhint: $(B)/tests/test_pdhint $(B)/selftests/uprobe-prog
	$(B)/tests/test_pdhint $(B)/selftests/uprobe-prog

unit: unit-pdhint

# The command's options, its usage text and the man page agree; -G makes
# an object a program links.
.PHONY: unit-cli-options
unit-cli-options: $(B)/sonde
	userland/tests/cli_options.sh $(B)/sonde docs/sonde.8

unit: unit-devhint unit-cli-options

# Messages before the module is needed: bpftrace's -e, -p of a kernel
# thread.
.PHONY: unit-cli-messages
unit-cli-messages: $(B)/sonde
	userland/tests/cli_messages.sh $(B)/sonde

unit: unit-cli-messages

# Run as dtrace (sonde-dtrace's link), the command takes the calls of
# SystemTap's build helper: -h, -G, its extra options, $CFLAGS.
.PHONY: unit-dtrace
unit-dtrace: $(B)/sonde
	userland/tests/dtrace_helper.sh $(B)/sonde

unit: unit-dtrace

# The tools (userland/tools/): each runs as a program, compiles, has its
# usage, a man page whose SYNOPSIS is that usage, a line in the guide and
# a test in the guest.
.PHONY: unit-tools
unit-tools: $(B)/sonde
	userland/tests/tools_check.sh $(B)/sonde

unit: unit-tools

# The bash completion offers the tables' options and the listing's
# probes; the vim syntax file knows every D name of the tables.
.PHONY: unit-completion unit-vim
unit-completion: $(B)/completion/sonde
	userland/tests/completion.sh $(B)/completion/sonde
unit-vim: $(B)/names
	userland/tests/vim_syntax.sh $(B)/names

unit: unit-completion unit-vim

# make install / uninstall into a DESTDIR (userland/tests/install.sh).
.PHONY: unit-install
unit-install: userland
	userland/tests/install.sh

unit: unit-install

# -O prometheus: the exposition of known aggregations exactly, what is
# refused, and promtool's check where Debian's prometheus is installed.
$(B)/tests/test_prom: userland/tests/test_prom.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-prom
unit-prom: $(B)/tests/test_prom
	$(B)/tests/test_prom

unit: unit-prom

# sonde --listen's HTTP server on 127.0.0.1: answers, errors, bounds.
$(B)/tests/test_httpd: userland/tests/test_httpd.c userland/cmd/httpd.c $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) $(TEST_INC) -Iuserland/cmd -o $@ $(filter %.c,$^) -lpthread

.PHONY: unit-httpd
unit-httpd: $(B)/tests/test_httpd
	timeout 120 $(B)/tests/test_httpd

unit: unit-httpd

# -O pprof: a profile of known stacks read back (gunzip, the protobuf
# fields) and by go tool pprof where Debian's golang-go is installed.
$(B)/tests/test_pprof: userland/tests/test_pprof.c $(SAN_LIB) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(SAN_LINK)

.PHONY: unit-pprof
unit-pprof: $(B)/tests/test_pprof
	$(B)/tests/test_pprof $(B)/tests/profile.pb.gz

unit: unit-pprof

# sonde --push's sender against a receiver on 127.0.0.1: bytes, retries,
# bounds, URLs (about 20 s: the server-away case waits out its retries).
$(B)/tests/test_push: userland/tests/test_push.c userland/cmd/push.c $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) $(TEST_INC) -Iuserland/cmd -o $@ $(filter %.c,$^) -lpthread

.PHONY: unit-push
unit-push: $(B)/tests/test_push
	timeout 120 $(B)/tests/test_push

unit: unit-push

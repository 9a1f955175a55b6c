# SPDX-License-Identifier: GPL-2.0
#
# The sonde selftest lists, shared by selftests/sonde/Makefile (kselftest,
# inside a kernel tree) and selftests/build.mk (sonde's own build).  Only
# variable assignments here: both includers supply their own rules.
#
# TEST_GEN_PROGS:          C selftests (kselftest_harness.h, KTAP output)
# TEST_GEN_PROGS_EXTENDED: helper programs the tests run (not tests)
# TEST_PROGS:              shell selftests (KTAP output via ktap_helpers.sh)
# TEST_FILES:              files the shell tests read (dtests: the folder
#                          of D behaviour tests test_dtests.sh runs)

TEST_GEN_PROGS := test_device test_load test_trace test_core test_providers \
	test_uprobe test_jstack test_safety test_lockdown test_ioctl_fuzz \
	test_lockdown_go test_utab
TEST_GEN_PROGS_EXTENDED := loop-getppid uprobe-prog write-known usdt-hdr-prog \
	types-prog cswitch-prog toolwork prov-prog net-prog pprof-dump cfi-prog \
	dlopen-prog anon-patch
TEST_PROGS := test_cli.sh test_vm_corpus.sh test_messages.sh test_dtests.sh \
	test_docs.sh
TEST_FILES := ktap_helpers.sh dtests
# shared by the C tests (img.h: their programs, assembled by the VM's
# vm/asm.c, which their build links in)
LOCAL_HDRS := sonde_test.h img.h cfi-lib.h

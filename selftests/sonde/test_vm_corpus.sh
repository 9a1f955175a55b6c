#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_vm_corpus.sh - the VM test corpus (userland/tests/vm/*.t), run by the
# module's VM through SONDE_IOC_TESTRUN: the same cases and the same
# expected results as the userland VM in `make unit-vm`.  Prints KTAP.
# vm_test and the corpus are built by sonde's own build (selftests/build.mk);
# without them (a kernel tree's kselftest run) the test is skipped.
cd "$(dirname "$0")" || exit 1
if [ ! -x ./vm_test ] || [ ! -d ./vm-corpus ]; then
	echo "TAP version 13"
	echo "1..0 # SKIP vm_test or vm-corpus not built"
	exit 4
fi
exec ./vm_test --kernel ./vm-corpus

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# cli_verbose.sh - `sonde -v -e`: the stability report, to the character,
# as dtrace.c's exec_prog() and print_probe_info() print it (the format
# strings are copied here from dtrace.c, the attributes from the Dynamic
# Tracing Guide's tables for proc and syscall).  No kernel needed.
#
#   userland/tests/cli_verbose.sh [SONDE]

set -u
SONDE=${1:-build/sonde}
T=$(mktemp -d "${TMPDIR:-/tmp}/sonde-verbose.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
fail=0

attr() {	# NAME DATA CLASS: "\t\tIdentifier Names: %s\n" ...
	printf '\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n\t\tDependency Class: %s\n' "$1" "$2" "$3"
}

{
	printf '\nStability attributes for %s %s:\n' description 'proc:::exit '
	printf '\n\tMinimum Probe Description Attributes\n'
	attr Evolving Evolving ISA
	printf '\n\tMinimum Statement Attributes\n'
	attr Stable Stable Common
	printf '\n%s\n' 'proc:::exit'
	printf '\n\tProbe Description Attributes\n'
	attr Evolving Evolving ISA
	printf '\n\tArgument Attributes\n'
	attr Evolving Evolving ISA
	printf '\n\tArgument Types\n'
	printf '\t\targs[%d]: %s\n' 0 int
	printf '\n'
	printf '\nStability attributes for %s %s:\n' description 'syscall::getppid:entry,dtrace:::BEGIN'
	printf '\n\tMinimum Probe Description Attributes\n'
	attr Private Private ISA
	printf '\n\tMinimum Statement Attributes\n'
	attr Stable Stable Common
	printf '\n%s\n' 'syscall::getppid:entry'
	printf '\n\tProbe Description Attributes\n'
	attr Private Private ISA
	printf '\n\tArgument Attributes\n'
	attr Private Private ISA
	printf '\n\tArgument Types\n'
	for i in 0 1 2 3 4 5; do printf '\t\targs[%d]: %s\n' "$i" int64_t; done
	printf '\n'
	printf '\n%s\n' 'dtrace:::BEGIN'
	printf '\n\tProbe Description Attributes\n'
	attr Stable Stable Common
	printf '\n\tArgument Attributes\n'
	attr Stable Stable Common
	printf '\n\tArgument Types\n'
	printf '\t\tNone\n'
	printf '\n'
} > "$T/want"

"$SONDE" -v -e -n 'proc:::exit { trace(args[0]); }' \
	-n 'syscall::getppid:entry,dtrace:::BEGIN' > "$T/got" 2> "$T/err"
rc=$?
if [ "$rc" -eq 0 ] && cmp -s "$T/want" "$T/got"; then
	echo "ok 1 - sonde -v -e: dtrace's stability report"
else
	echo "not ok 1 - sonde -v -e: dtrace's stability report (exit $rc)"
	diff -u "$T/want" "$T/got" | sed 's/^/# /'
	sed 's/^/# stderr: /' "$T/err"
	fail=1
fi
echo "1..1"
exit $fail

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_dtests.sh - the D behaviour tests: every test file under dtests/
# run by sonde in the test guest (root, sonde.ko loaded, sonde, its D
# library and the helper programs in PATH, busybox sh), its output
# compared byte for byte with the expected output beside it.  One KTAP
# line per test file; a failure shows the diff.
#
#   test_dtests.sh [AREA | AREA/FILE]...   (default: every test)
#
# A test is a file dtests/AREA/KIND.NAME.EXT (names sort in run order):
#
#   tst.NAME.d   run as `sonde -s tst.NAME.d OPTS`; must exit 0
#   err.NAME.d   the same; must exit 1 (a script sonde refuses, or whose
#                run fails); err.D_TAG.NAME.d names the error's tag
#   tst.NAME.sh, err.NAME.sh
#                a shell script run instead (`sh tst.NAME.sh`), for the
#                few tests that must set something up around sonde (a
#                module parameter, several runs); as above for the status
#
# and beside it, for test file tst.NAME.EXT:
#
#   tst.NAME.r   the expected output: stdout, then, if anything was
#                written on stderr, a line "-- @@stderr --" and stderr.
#                Required: a test without one fails
#   tst.NAME.r.p a post-processor (sh script; the output on stdin, the
#                result on stdout) for what no run can make stable:
#                CPU numbers, pids, counts that vary; it keeps what it
#                does not replace, so the comparison stays exact
#   tst.NAME.x   a sh script run first: exit status 2 skips the test
#                ("# SKIP" with what it printed), 0 runs it
#
# and in the test file, each in a comment of its own:
#
#   @@runtest-opts: ARGS  sonde's arguments after -s FILE, expanded by the
#                         shell (quotes, $T): options, -c 'CMD' (the
#                         trigger program), macro arguments
#   @@timeout: SECONDS    default 30; a test that runs longer is killed
#   @@exitcode: N         the exit status wanted, if not 0 / 1
#   @@skip: WHY           skip it
#
# Each test runs in its own folder (cd AREA) with these in the
# environment: SONDE (the command), T (a fresh scratch folder, removed
# after), DTESTS (the dtests folder); the helper programs (loop-getppid,
# write-known, types-prog...) in PATH, this folder's first (where a
# kernel tree's kselftest install puts them).  The kernel log gets a
# "sonde-dtest: begin NAME" line before each test so that a splat can be
# tied to it.

cd "$(dirname "$0")" || exit 1
. ./ktap_helpers.sh

DTESTS=${DTESTS:-$PWD/dtests}
SONDE=$(command -v "${SONDE:-sonde}" || echo "${SONDE:-sonde}")
TIMEOUT=30
PATH=$PWD:$PATH
export DTESTS SONDE PATH

if ! [ -d "$DTESTS" ]; then
	echo "TAP version 13"
	echo "1..0 # SKIP no dtests folder (make selftests-bin)"
	exit 4
fi

TOP=$(mktemp -d /tmp/test_dtests.XXXXXX)
trap 'rm -rf "$TOP"' EXIT

# The test files, sorted, relative to $DTESTS.
list_tests() {
	(
		cd "$DTESTS" || exit 1
		if [ $# -eq 0 ]; then
			set -- .
		fi
		for a in "$@"; do
			a=${a#./}
			if [ -d "$a" ]; then
				find "$a" -type f \( -name 'tst.*.d' -o -name 'err.*.d' \
					-o -name 'tst.*.sh' -o -name 'err.*.sh' \)
			else
				echo "$a"
			fi
		done | sed 's,^\./,,' | LC_ALL=C sort -u
	)
}

# opt NAME FILE: the value of "@@NAME: value" in FILE (a trailing "*/"
# and blanks removed); status 1 if FILE has no such line.
opt() {
	grep -q "@@$1:" "$2" || return 1
	sed -n "s/.*@@$1: *//p" "$2" | head -n 1 | sed 's, *\*/ *$,,; s, *$,,'
}

# run_test REL: one test; its KTAP line.
run_test() {
	rel=$1
	file=$DTESTS/$rel
	dir=${file%/*}
	base=${file##*/}
	stem=${file%.d}
	stem=${stem%.sh}
	name=$rel

	if ! [ -f "$file" ]; then
		ktap_diag "no test $rel"
		ktap_fail "$name"
		return
	fi
	if why=$(opt skip "$file"); then
		ktap_skip "$name" "$why"
		return
	fi
	if [ -f "$stem.x" ]; then
		why=$(cd "$dir" && sh "$stem.x" 2>&1)
		xrc=$?
		case $xrc in
		0) ;;
		2) ktap_skip "$name" "$why"; return ;;
		*) ktap_diag "${stem##*/}.x: exit status $xrc: $why"; ktap_fail "$name"; return ;;
		esac
	fi

	case $base in
	err.*) want_rc=1 ;;
	*) want_rc=0 ;;
	esac
	n=$(opt exitcode "$file") && want_rc=$n
	secs=$TIMEOUT
	n=$(opt timeout "$file") && secs=$n
	args=$(opt runtest-opts "$file") || args=

	T=$(mktemp -d "$TOP/t.XXXXXX")
	export T
	echo "sonde-dtest: begin $name" > /dev/kmsg 2>/dev/null
	(
		cd "$dir" || exit 125
		eval "set -- $args"
		case $base in
		*.sh) exec timeout -s KILL "$secs" sh "./$base" "$@" ;;
		*) exec timeout -s KILL "$secs" "$SONDE" -s "$base" "$@" ;;
		esac
	) > "$TOP/out" 2> "$TOP/err" < /dev/null
	rc=$?
	if [ -s "$TOP/err" ]; then
		echo "-- @@stderr --" >> "$TOP/out"
		cat "$TOP/err" >> "$TOP/out"
	fi

	bad=
	if [ "$rc" -ne "$want_rc" ]; then
		if [ "$rc" -eq 137 ]; then
			ktap_diag "killed after $secs s (@@timeout)"
		else
			ktap_diag "exit status $rc, want $want_rc"
		fi
		bad=1
	fi
	if [ -f "$stem.r.p" ]; then
		if ! (cd "$dir" && sh "$stem.r.p") < "$TOP/out" > "$TOP/got"; then
			ktap_diag "$rel: ${stem##*/}.r.p failed"
			bad=1
		fi
	else
		cp "$TOP/out" "$TOP/got"
	fi
	if ! [ -f "$stem.r" ]; then
		ktap_diag "no expected output ${stem##*/}.r; the output was:"
		sed 's/^/#   /' "$TOP/got"
		bad=1
	elif ! cmp -s "$stem.r" "$TOP/got"; then
		ktap_diag "output differs from ${stem##*/}.r (- want, + got):"
		diff -u "$stem.r" "$TOP/got" | tail -n +3 | head -n 80 | sed 's/^/#   /'
		bad=1
	fi
	if [ -n "$bad" ] && [ -f "$stem.r.p" ]; then
		ktap_diag "before ${stem##*/}.r.p:"
		if [ -f "$stem.r" ]; then
			sed 's/^/#   /' "$TOP/out" | head -n 40
		else
			sed 's/^/#   /' "$TOP/out"
		fi
	fi
	echo "sonde-dtest: end $name rc=$rc" > /dev/kmsg 2>/dev/null
	rm -rf "$T"
	if [ -n "$bad" ]; then
		ktap_fail "$name"
	else
		ktap_pass "$name"
	fi
}

list_tests "$@" > "$TOP/list" || exit 1
ktap_header "$(wc -l < "$TOP/list")"
while read -r t; do
	run_test "$t" < /dev/null
done < "$TOP/list"
ktap_finish

# SPDX-License-Identifier: GPL-2.0
#
# ktap_helpers.sh - KTAP output for shell selftests, sourced by test_*.sh.
# POSIX sh (busybox ash in the guest).  Mirrors the kselftest harness's
# output: a header, one "ok N name" / "not ok N name" / "ok N name # SKIP
# why" line per test, a totals line; the exit status is 0 if nothing
# failed, 1 otherwise (4 if everything was skipped), as kselftest expects.

KTAP_N=0
KTAP_PASS=0
KTAP_FAIL=0
KTAP_SKIP=0

# ktap_header COUNT: the plan.
ktap_header() {
	echo "TAP version 13"
	echo "1..$1"
}

# ktap_diag TEXT...: a diagnostic line.
ktap_diag() {
	echo "# $*"
}

# ktap_diag_file FILE: a file's lines as diagnostics (at most 40).
ktap_diag_file() {
	[ -s "$1" ] || return 0
	head -n 40 "$1" | sed 's/^/#   /'
}

ktap_pass() {
	KTAP_N=$((KTAP_N + 1))
	KTAP_PASS=$((KTAP_PASS + 1))
	echo "ok $KTAP_N $1"
}

ktap_fail() {
	KTAP_N=$((KTAP_N + 1))
	KTAP_FAIL=$((KTAP_FAIL + 1))
	echo "not ok $KTAP_N $1"
}

# ktap_skip NAME WHY
ktap_skip() {
	KTAP_N=$((KTAP_N + 1))
	KTAP_SKIP=$((KTAP_SKIP + 1))
	echo "ok $KTAP_N $1 # SKIP $2"
}

# ktap_result NAME STATUS: pass if STATUS is 0, fail otherwise.
ktap_result() {
	if [ "$2" -eq 0 ]; then
		ktap_pass "$1"
	else
		ktap_fail "$1"
	fi
}

ktap_finish() {
	echo "# Totals: pass:$KTAP_PASS fail:$KTAP_FAIL xfail:0 xpass:0 skip:$KTAP_SKIP error:0"
	if [ "$KTAP_FAIL" -gt 0 ]; then
		exit 1
	elif [ "$KTAP_PASS" -eq 0 ] && [ "$KTAP_SKIP" -gt 0 ]; then
		exit 4
	fi
	exit 0
}

# For the tests that run commands (they set T to their scratch folder):
#
# run SECONDS CMD...: CMD with stdout in $T/out, stderr in $T/err; sets rc
# (timeout(1) makes a hang rc 137).
run() {
	_secs=$1
	shift
	timeout -s KILL "$_secs" "$@" > "$T/out" 2> "$T/err" < /dev/null
	rc=$?
}

# show: the last command's status and output, as diagnostics.
show() {
	ktap_diag "exit status $rc; stdout:"
	ktap_diag_file "$T/out"
	ktap_diag "stderr:"
	ktap_diag_file "$T/err"
}

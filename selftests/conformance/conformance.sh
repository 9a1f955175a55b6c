#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# conformance.sh - run dtrace-utils' test/unittest suite against sonde in
# ONE guest boot and judge it as dtrace-utils' runtest.sh would
# (`make conformance DTRACE_UTILS=/path/to/dtrace-utils`; not part of
# make check).  docs/conformance.md has the method and the figures.
#
#   DTRACE_UTILS   a dtrace-utils tree (git archive of it); read only
#   CONF_FILTER    a regular expression: run only the tests whose path
#                  (test/unittest/AREA/FILE.d) matches
#   CONF_REJUDGE=1 judge the last run's output again, without a guest
#
# Writes build/conformance/: stage/ (what the guest gets: the suite's
# unittest folder, the list, guest-run.sh), guest.out (the raw results),
# results.tsv (per test: pass / fail / skip / xfail, class, detail) and
# summary.md (the figures and the largest causes of failure).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/selftests/conformance
C=$ROOT/build/conformance
S=$C/stage
DTU=${DTRACE_UTILS:?set DTRACE_UTILS to a dtrace-utils tree}
DTU=$(cd "$DTU" && pwd)
[ -d "$DTU/test/unittest" ] || { echo "conformance: no test/unittest in $DTU" >&2; exit 1; }

if [ "${CONF_REJUDGE:-0}" != 1 ]; then
	rm -rf "$S"
	mkdir -p "$S/dtu/test"
	cp -r "$DTU/test/unittest" "$S/dtu/test/"
	cp "$HERE/guest-run.sh" "$S/"
	# the trigger programs, built here as dtrace-utils builds them (the
	# USDT ones with sonde's -h and -G)
	[ -x "$ROOT/build/sonde" ] || { echo "conformance: no build/sonde (make userland)" >&2; exit 1; }
	python3 "$HERE/conformance.py" triggers "$DTU" "$S/dtu/test/triggers" "$ROOT/build/sonde"
	rm -f "$S"/dtu/test/triggers/*.o
	python3 "$HERE/conformance.py" select "$DTU" "$S" "${CONF_FILTER:-}"
	n=$(wc -l < "$S/list")
	# the whole run's bound: every test's timeout would be far too long;
	# most end in a second or two
	budget=$(awk -F'\t' '{ s += 2 } $2 > 10 { s += $2 } END { print s + 300 }' "$S/list")
	echo "conformance: $n tests, guest time limit ${budget}s" >&2
	# runtest.sh's hosts have cpp, for the tests run with -C: the
	# host's, with the compiler pass it runs and the header it reads
	bins=
	if command -v cpp >/dev/null; then
		bins="$(command -v cpp) $(cpp -print-prog-name=cc1)"
		[ -e /usr/include/stdc-predef.h ] && bins+=" /usr/include/stdc-predef.h"
	else
		echo "conformance: no cpp here: the tests run with -C will fail" >&2
	fi
	# libc's debug symbols (libc6-dbg), found by build-id as sonde looks
	# for them: DTrace's test hosts name libc's local functions
	# (__libc_start_call_main) in the ustack() tests' expected output
	libc=$(ldconfig -p | awk '$1 == "libc.so.6" && /x86-64/ { print $NF; exit }')
	bid=$(readelf -n "$libc" 2>/dev/null | awk '/Build ID:/ { print $3; exit }')
	dbg=/usr/lib/debug/.build-id/${bid:0:2}/${bid:2}.debug
	if [ -n "$bid" ] && [ -e "$dbg" ]; then
		bins+=" $(readlink -f "$dbg")"
		[ "$(readlink -f "$dbg")" = "$dbg" ] || bins+=" $dbg"
	else
		echo "conformance: no debug symbols for $libc (apt-get install libc6-dbg): the ustack() tests will show libc's local functions as addresses" >&2
	fi
	# the libraries the triggers need beyond the guest's (libgomp)
	for t in "$S"/dtu/test/triggers/*; do
		[ -x "$t" ] || continue
		for lib in $(ldd "$t" 2>/dev/null | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\//) print $i }'); do
			case " $bins " in *" $lib "*) ;; *) bins+=" $lib" ;; esac
		done
	done
	set +e
	SONDE_GUEST_EXTRA=$S SONDE_GUEST_TIMEOUT=$budget SONDE_GUEST_FILES=$bins \
		"$ROOT/selftests/guest/run-guest.sh" --cmd 'sh /extra/guest-run.sh' \
		> "$C/guest.out"
	rc=$?
	set -e
	echo "conformance: guest run exit status $rc ($(grep -c '^### conf-test ' "$C/guest.out") tests reported)" >&2
fi
python3 "$HERE/conformance.py" judge "$DTU" "$S" "$C/guest.out" "$C"
echo "conformance: results in $C/results.tsv, $C/summary.md" >&2

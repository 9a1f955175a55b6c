#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# cli_options.sh - the command, its usage text and its man page agree, and
# `sonde -G` makes an object that links, on the build host (no module
# needed).  KTAP output.
#
#   cli_options.sh build/sonde docs/sonde.8
#
# The options the command accepts are found by asking it, one letter at a
# time (an unknown letter is an "illegal option", a refused dtrace option
# says "is not supported"), not read from its source: so the test checks
# the option table in userland/cmd/sonde.c against what getopt really
# does, and --help and the man page's SYNOPSIS and OPTIONS against both.
set -uo pipefail

SONDE=$(readlink -f "${1:?usage: cli_options.sh SONDE MANPAGE}")
MAN=$(readlink -f "${2:?usage: cli_options.sh SONDE MANPAGE}")
T=$(mktemp -d /tmp/cli_options.XXXXXX)
trap 'rm -rf "$T"' EXIT

n=0 fail=0
result() {	# NAME STATUS
	n=$((n + 1))
	if [ "$2" -eq 0 ]; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		fail=$((fail + 1))
	fi
}
echo "TAP version 13"
echo "1..9"

# "-b" per line, sorted; "-64" for dtrace's data model
sorted() { tr ' ' '\n' | grep -v '^$' | sort -u; }

# 1. what the command accepts
accepted=
refused=
# each with an argument, for those that take one; in $T, for -o's file
cd "$T" || exit 1
for c in {a..z} {A..Z} {0..9}; do
	a=xyz
	[ "$c" = 6 ] && a=4
	"$SONDE" "-$c" "$a" </dev/null >"$T/o" 2>"$T/e"
	if grep -q 'illegal option' "$T/e"; then
		continue
	elif grep -q 'is not supported' "$T/e"; then
		refused+=" -$c"
	elif [ "$c" = 6 ]; then
		accepted+=" -64"
	else
		accepted+=" -$c"
	fi
done
sorted <<< "$accepted" > "$T/accepted"
# -64 really is accepted, -65 is not
"$SONDE" -64 -e -n 'BEGIN' >/dev/null 2>&1 && ! "$SONDE" -65 -e -n BEGIN >/dev/null 2>&1
result "accepts_64_not_65" $?
[ "$(wc -l < "$T/accepted")" -ge 25 ] && [ -n "$refused" ]
r=$?
[ $r -eq 0 ] || echo "# accepted: $accepted; refused: $refused"
result "command_accepts_options" $r

# 2. --help lists exactly those
"$SONDE" --help > "$T/help"
r=$?
sed -n 's/^\t\(-[0-9A-Za-z]\+\) .*/\1/p' "$T/help" | sorted > "$T/inhelp"
if [ $r -eq 0 ] && cmp -s "$T/accepted" "$T/inhelp"; then
	result "help_lists_every_option" 0
else
	echo "# --help (exit $r) differs from what the command accepts:"
	diff "$T/accepted" "$T/inhelp" | sed 's/^/#   /'
	result "help_lists_every_option" 1
fi

# 3. the man page's SYNOPSIS: \fB\-b\fR, a flag group \fB\-CeF...\fR
sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$MAN" | grep -o '\\-[0-9A-Za-z]\+\\fR' |
	sed 's/^\\-//; s/\\fR$//' | while read -r t; do
		if [ "$t" = 64 ] || [ ${#t} -eq 1 ]; then
			printf '%s\n' "-$t"
		else
			sed 's/./-&\n/g' <<< "$t"
		fi
	done | sorted > "$T/synopsis"
if cmp -s "$T/accepted" "$T/synopsis"; then
	result "man_synopsis_lists_every_option" 0
else
	echo "# SYNOPSIS differs from what the command accepts (< command, > man page):"
	diff "$T/accepted" "$T/synopsis" | sed 's/^/#   /'
	result "man_synopsis_lists_every_option" 1
fi

# 4. the man page's OPTIONS: one .TP entry per option
sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$MAN" | awk '
	prev == ".TP" && /^\.BI? \\-[0-9A-Za-z]/ {
		t = $2; gsub(/"/, "", t); sub(/^\\-/, "", t)
		print "-" t
	}
	{ prev = $0 }' | sorted > "$T/options"
if cmp -s "$T/accepted" "$T/options"; then
	result "man_options_describe_every_option" 0
else
	echo "# OPTIONS differs from what the command accepts (< command, > man page):"
	diff "$T/accepted" "$T/options" | sed 's/^/#   /'
	result "man_options_describe_every_option" 1
fi

# 5. the sections a man page for a system command has, and --version
r=0
for sec in NAME SYNOPSIS DESCRIPTION OPTIONS PRIVILEGES "EXIT STATUS" ENVIRONMENT FILES "SEE ALSO"; do
	grep -qx "\.SH \"\?$sec\"\?" "$MAN" || { echo "# no $sec section"; r=1; }
done
"$SONDE" --version | grep -qx "sonde $(cat "$(dirname "$MAN")/../VERSION")" || { echo "# --version: $("$SONDE" --version)"; r=1; }
result "man_sections_and_version" $r

# 6-9. -G, the way PostgreSQL's build uses dtrace: a header from the
# provider file, the objects, then the probe object linked with them.
cd "$T" || exit 1
cat > probes.d <<'EOF'
/* as PostgreSQL's: types come from #defines that -C would expand */
#define LocalTransactionId unsigned int
provider gtest {
	probe tick(int, LocalTransactionId);
	probe done();
};
EOF
cat > prog.c <<'EOF'
#include "probes.h"
int main(void)
{
	if (GTEST_TICK_ENABLED())
		GTEST_TICK(1, 2);
	GTEST_DONE();
	return 0;
}
EOF
r=0
"$SONDE" -C -h -s probes.d -o probes.h &&
	cc -c -o prog.o prog.c &&
	"$SONDE" -C -G -s probes.d -o probes.o prog.o &&
	cc -o prog prog.o probes.o && ./prog &&
	nm probes.o | grep -q ' [VvWw] gtest_tick_semaphore$' || r=1
# without -o: probes.d gives probes.o in the current directory
rm -f probes.o
"$SONDE" -G -s probes.d prog.o && [ -s probes.o ] || r=1
result "G_object_links_like_postgresql" $r

# A header that only declares the semaphores (SystemTap's dtrace -h):
# the program links only with sonde -G's object.
r=0
if command -v dtrace >/dev/null && dtrace -h -s probes.d -o stap.h 2>/dev/null &&
	grep -q 'extern.*gtest_tick_semaphore' stap.h; then
	sed 's/"probes.h"/"stap.h"/' prog.c > prog2.c
	cc -c -o prog2.o prog2.c || r=1
	if cc -o prog2 prog2.o 2>/dev/null; then
		echo "# prog2 linked without a semaphore definition?"
		r=1
	fi
	"$SONDE" -G -s probes.d -o probes2.o prog2.o && cc -o prog2 prog2.o probes2.o && ./prog2 || r=1
	result "G_defines_declared_semaphores" $r
else
	n=$((n + 1))
	echo "ok $n G_defines_declared_semaphores # SKIP no SystemTap dtrace -h (systemtap-sdt-dev)"
fi

# Bad input: a missing object, a file that is not an object, no script.
r=0
"$SONDE" -G -s probes.d -o x.o missing.o 2>e1 && r=1
grep -q 'failed to open missing.o' e1 || r=1
"$SONDE" -G -s probes.d -o x.o prog 2>e2 && r=1
grep -q 'not an object file' e2 || r=1
"$SONDE" -G -o x.o prog.o 2>e3; [ $? -eq 2 ] && grep -q 'requires exactly one -s script' e3 || r=1
[ -e x.o ] && r=1
[ $r -eq 0 ] || cat e1 e2 e3 | sed 's/^/#   /'
result "G_refuses_bad_input" $r

echo "# $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# dtrace_helper.sh - sonde run as dtrace (sonde-dtrace's /usr/sbin/dtrace
# link) does what SystemTap's build helper (/usr/bin/dtrace) does for the
# builds that call it: the calls dh_auto_build of an SDT-using package
# makes, with the helper's extra options, give a header and an object a
# program compiles and links with, on the build host (no module needed).
# And its messages say "dtrace:".  KTAP output.
#
#   dtrace_helper.sh build/sonde
set -uo pipefail

SONDE=$(readlink -f "${1:?usage: dtrace_helper.sh SONDE}")
T=$(mktemp -d /tmp/dtrace_helper.XXXXXX)
trap 'rm -rf "$T"' EXIT
ln -s "$SONDE" "$T/dtrace"
D=$T/dtrace
STAP=/usr/bin/dtrace

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
skip() {	# NAME WHY
	n=$((n + 1))
	echo "ok $n $1 # SKIP $2"
}
echo "TAP version 13"
echo "1..9"

cd "$T" || exit 1
cat > probes.d <<'EOF'
#define Oid unsigned int
provider app {
	probe query__start(const char *, Oid);
	probe query__done(int);
};
EOF
cat > prog.c <<'EOF'
#include "probes.h"
int main(void)
{
	if (APP_QUERY_START_ENABLED())
		APP_QUERY_START("q", 1);
	APP_QUERY_DONE(0);
	return 0;
}
EOF

# 1. messages and usage under the name dtrace
r=0
"$D" -n 'nosuchprovider:::nosuchprobe' > o 2> e && r=1
grep -q '^dtrace: ' e || r=1
grep -q '^sonde: ' e && r=1
"$D" --help | head -n 1 | grep -q '^Usage: dtrace ' || r=1
"$SONDE" --help | head -n 1 | grep -q '^Usage: sonde ' || r=1
[ $r -eq 0 ] || sed 's/^/#   /' e
result "messages_say_dtrace" $r

# 2. -h with every option the helper ignores in its modes
r=0
"$D" -32 -64 -k --types --no-pyparsing -x nolibs -fPIC -fpic -h -s probes.d -o probes.h 2> e &&
	cc -c -o prog.o prog.c && cc -o prog prog.o && ./prog || r=1
[ $r -eq 0 ] || sed 's/^/#   /' e
result "h_takes_the_helpers_options" $r

# 3. -C -h / -C -G / link, as PostgreSQL's build calls it; -G with the
# helper's -fPIC before -s
r=0
rm -f probes.h prog.o prog
"$D" -C -I. -DUNUSED=1 -h -s probes.d -o probes.h 2> e &&
	cc -c -o prog.o prog.c &&
	"$D" -C -G -fPIC -s probes.d -o probes.o prog.o 2>> e &&
	cc -o prog prog.o probes.o && ./prog || r=1
[ $r -eq 0 ] || sed 's/^/#   /' e
result "C_h_G_like_postgresql" $r

# 4. -G without objects (the helper needs none) and without -o:
# probes.d gives probes.o here
r=0
rm -f probes.o
"$D" -G -s probes.d 2> e && [ -s probes.o ] || r=1
[ $r -eq 0 ] || sed 's/^/#   /' e
result "G_without_objects" $r

# 5. -G compiles with $CFLAGS as the helper does (-fcf-protection marks
# the object for CET; without it Debian's gcc does not)
r=0
rm -f probes.o
CFLAGS=-fcf-protection "$D" -G -s probes.d -o probes.o 2> e || r=1
readelf -n probes.o 2>/dev/null | grep -q 'IBT' || r=1
[ $r -eq 0 ] || sed 's/^/#   /' e
result "G_uses_CFLAGS" $r

# 6. the header links with SystemTap's -G object, and SystemTap's header
# with ours: either helper's half works with the other's
if [ -x "$STAP" ] && "$STAP" -h -s probes.d -o stap.h > /dev/null 2>&1; then
	r=0
	rm -f prog prog.o probes.o
	"$D" -h -s probes.d -o probes.h && cc -c -o prog.o prog.c &&
		"$STAP" -G -s probes.d -o stap.o > /dev/null 2>&1 &&
		cc -o prog prog.o stap.o && ./prog || r=1
	sed 's/"probes.h"/"stap.h"/' prog.c > prog2.c
	cc -c -o prog2.o prog2.c && "$D" -G -s probes.d -o ours.o prog2.o &&
		cc -o prog2 prog2.o ours.o && ./prog2 || r=1
	result "mixes_with_systemtaps_helper" $r
else
	skip "mixes_with_systemtaps_helper" "no SystemTap dtrace (systemtap-sdt-dev)"
fi

# 7. outside -h and -G nothing is taken out: -32 is still refused and
# -fPIC is still -f PIC, a description (-e alone would be "no probes
# specified")
r=0
"$D" -32 -n BEGIN > /dev/null 2> e; [ $? -eq 2 ] || r=1
grep -q 'is not supported' e || r=1
"$D" -e -fPIC > /dev/null 2>> e || r=1
"$D" -e > /dev/null 2>> e && r=1
[ $r -eq 0 ] || sed 's/^/#   /' e
result "other_modes_unchanged" $r

# 8. a D script with "#!/usr/sbin/dtrace -s" compiles through the link
# (-e: no module here), its macro arguments after it
r=0
printf '#!%s -s\n#pragma D option quiet\nBEGIN { printf("%%s\\n", $$1); exit(0); }\n' "$D" > s.d
chmod +x s.d
./s.d -e world 2> e || r=1
[ $r -eq 0 ] || sed 's/^/#   /' e
result "shebang_script_compiles" $r

# 9. compile errors as dtrace prints them: one line, the first error,
# the tag only with -x errtags (what dtrace-utils' err tests compare)
r=0
printf 'BEGIN\n{\n\t@ = sum("x");\n\ttrace(nosuch);\n}\n' > bad.d
"$D" -e -s bad.d 2> e && r=1
printf 'dtrace: failed to compile script bad.d: line 3: sum( ) argument #1 must be of scalar type\n' > want
cmp -s e want || r=1
"$D" -e -x errtags -s bad.d 2> e && r=1
printf 'dtrace: failed to compile script bad.d: [D_AGG_SCALAR] line 3: sum( ) argument #1 must be of scalar type\n' > want
cmp -s e want || r=1
"$D" -e -x errtags -n 'BEGIN { trace(nosuch); }' 2> e && r=1
printf 'dtrace: invalid probe specifier BEGIN { trace(nosuch); }: [D_IDENT_UNDEF] line 1: failed to resolve nosuch: Unknown variable name\n' > want
cmp -s e want || r=1
"$D" -e -n 'BEGIN { x = ; }' 2> e && r=1
printf 'dtrace: invalid probe specifier BEGIN { x = ; }: line 1: syntax error near ";"\n' > want
cmp -s e want || r=1
"$D" -e -n 'BEGIN { printf("%1$d", 1); }' 2> e && r=1
printf 'dtrace: invalid probe specifier BEGIN { printf("%%1$d", 1); }: line 1: format conversion #1 uses unsupported positional format (%%n$)\n' > want
cmp -s e want || r=1
printf 'BEGIN\nint i;\n{ exit(0); }\n' > nobody.d
"$D" -e -s nobody.d 2> e && r=1
printf 'dtrace: failed to compile script nobody.d: line 1: expected predicate and/or actions following probe description\n' > want
cmp -s e want || r=1
printf 'BEGIN { exit(0); }\n}\n' > brace.d
"$D" -e -s brace.d 2> e && r=1
printf 'dtrace: failed to compile script brace.d: line 2: syntax error near "}"\n' > want
cmp -s e want || r=1
"$SONDE" -e -s bad.d 2> e && r=1
grep -q '^sonde: bad.d:3:[0-9]*: error: \[D_AGG_SCALAR\]' e || r=1
[ $r -eq 0 ] || sed 's/^/#   /' e
result "compile_errors_as_dtrace" $r

echo "# $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]

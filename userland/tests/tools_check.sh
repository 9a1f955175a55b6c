#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tools_check.sh - each tool of userland/tools/ is complete, on the build
# host (no module needed): it is an executable D script that runs as a
# program (#!/usr/sbin/sonde -s), compiles, says its usage in its header
# and prints the same usage for "help"; it has a man page with the
# sections of bpftrace's tool pages whose SYNOPSIS is that usage and
# whose SEE ALSO names only pages that exist; the guide lists it; and a
# test in the guest runs it (dtests/tools/tst.NAME.sh).  KTAP output, one
# line per tool.
#
#   tools_check.sh build/sonde        (from the top of the tree)
set -uo pipefail

SONDE=$(readlink -f "${1:?usage: tools_check.sh SONDE}")
TOOLS=userland/tools
MAN=$TOOLS/man
GUIDE=docs/guide.md
DT=selftests/sonde/dtests/tools

n=0 fail=0
tools=("$TOOLS"/*.d)
echo "TAP version 13"
echo "1..$((${#tools[@]} + 1))"

# The man page's text of section $2 (groff escapes and fonts dropped).
section() {
	sed -n "/^\.SH $2\$/,/^\.SH /p" "$1" | sed '1d;$d' |
		sed 's/^\.BR\{0,1\} //; s/\\f[BIRP]//g; s/\\-/-/g; s/\\e/\\/g; /^\./d'
}

for f in "${tools[@]}"; do
	t=$(basename "$f")
	why=()
	[ "$(head -n 1 "$f")" = "#!/usr/sbin/sonde -s" ] || why+=("first line is not #!/usr/sbin/sonde -s")
	[ -x "$f" ] || why+=("not executable")
	sed -n 2p "$f" | grep -q 'SPDX-License-Identifier' || why+=("no SPDX line")
	usage=$(sed -n 's/^ \* \(USAGE: .*\)$/\1/p' "$f" | head -n 1)
	[ -n "$usage" ] || why+=("no ' * USAGE:' line in its header")
	grep -qF "printf(\"$usage\\n\");" "$f" || why+=("its help does not print '$usage'")
	# the kernel types some tools use come from the host's BTF
	if [ -r /sys/kernel/btf/vmlinux ] || ! grep -q 'curthread\|args\[[0-9]\]->\|struct task_struct' "$f"; then
		err=$("$SONDE" -e -s "$f" 2>&1) || why+=("does not compile: $err")
	else
		echo "# $t: not compiled: no /sys/kernel/btf/vmlinux on this host"
	fi
	m=$MAN/$t.8
	if [ -f "$m" ]; then
		for s in NAME SYNOPSIS DESCRIPTION OPTIONS EXAMPLES "SEE ALSO"; do
			grep -qx "\.SH $s" "$m" || why+=("$m: no $s section")
		done
		section "$m" NAME | grep -q "^$t - " || why+=("$m: NAME is not '$t - ...'")
		syn=$(section "$m" SYNOPSIS | tr '\n' ' ' | sed 's/ *\[sonde options\] *$//; s/  */ /g; s/ $//')
		[ "USAGE: $syn" = "$usage" ] || why+=("$m: SYNOPSIS '$syn' is not the usage '$usage'")
		grep -q '^# ' "$m" || why+=("$m: EXAMPLES show no command")
		for p in $(section "$m" "SEE ALSO" | sed -n 's/^\([a-z0-9]*\.d\) (8).*/\1/p'); do
			[ -f "$TOOLS/$p" ] || why+=("$m: SEE ALSO names $p, which is no tool")
		done
	else
		why+=("no man page $m")
	fi
	grep -q "| \`$t\` |" "$GUIDE" || why+=("$GUIDE does not list it")
	[ -f "$DT/tst.${t%.d}.sh" ] || why+=("no test $DT/tst.${t%.d}.sh")
	n=$((n + 1))
	if [ ${#why[@]} -eq 0 ]; then
		echo "ok $n $t"
	else
		for w in "${why[@]}"; do echo "# $t: $w"; done
		echo "not ok $n $t"
		fail=$((fail + 1))
	fi
done

# No man page or test of a tool that is not there.
why=()
for m in "$MAN"/*.8; do
	[ -f "$TOOLS/$(basename "$m" .8)" ] || why+=("$m: no such tool")
done
n=$((n + 1))
if [ ${#why[@]} -eq 0 ]; then
	echo "ok $n no_stray_pages"
else
	for w in "${why[@]}"; do echo "# $w"; done
	echo "not ok $n no_stray_pages"
	fail=$((fail + 1))
fi

echo "# $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]

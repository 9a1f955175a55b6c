#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# vim_syntax.sh - the vim files for D (userland/vim/): every built-in
# variable, subroutine, action and aggregating function of sonde's tables
# (build/names) is a keyword of the syntax file; and Vim, given the files
# as the package installs them, takes a script whose first line runs
# sonde for filetype dtrace and colours its probe description, action,
# aggregation, macro variable, string, format and comment as such.  KTAP.
#
#   vim_syntax.sh NAMES        (from the top of the tree)
set -uo pipefail

NAMES=$(readlink -f "${1:?usage: vim_syntax.sh NAMES}")
SYN=userland/vim/syntax/dtrace.vim
echo "TAP version 13"
echo "1..2"
T=$(mktemp -d /tmp/vim_syntax.XXXXXX)
trap 'rm -rf "$T"' EXIT

# 1. the tables' names are keywords
words=$(sed -n 's/^syn keyword\s\+\S\+\s\+\(contained\s\+\)\?//p' "$SYN" | tr ' \t' '\n\n' | sort -u)
r=0
for k in builtins subrs aggs actions; do
	for name in $("$NAMES" "$k"); do
		grep -qx -- "$name" <<< "$words" || { echo "# $SYN: no keyword $name ($k)"; r=1; }
	done
done
[ $r -eq 0 ] && echo "ok 1 keywords_cover_the_tables" || echo "not ok 1 keywords_cover_the_tables"
fail=$r

# 2. Vim: filetype from the first line, groups where they belong
if ! command -v vim > /dev/null; then
	echo "ok 2 vim_highlights_a_script # SKIP no vim"
	exit $fail
fi
cat > "$T/hello" <<'X'
#!/usr/sbin/sonde -s
/* count reads */
syscall::read:entry
/pid == $target/
{
	@reads[execname] = count();
	printf("%d\n", arg0);
}
X
# line:column:group
want='1:1:dtraceShebang 2:4:dtraceComment 3:1:dtraceProbe 4:9:dtraceMacro 6:2:dtraceAggregation 6:23:dtraceAggFunc 7:2:dtraceAction 7:10:dtraceFormat 7:18:dtraceBuiltin'
cmds=
for w in $want; do
	cmds+="call add(g:out, '$w ' . synIDattr(synID(${w%%:*}, $(echo "$w" | cut -d: -f2), 1), 'name')) | "
done
vim -N -u NONE -i NONE -es --cmd "set rtp^=$PWD/userland/vim" \
	-c 'filetype on' -c 'syntax on' -c "edit $T/hello" \
	-c "let g:out = ['ft ' . &filetype] | ${cmds% | }" \
	-c "call writefile(g:out, '$T/got')" -c 'qa!' < /dev/null > /dev/null 2>&1
got=$(cat "$T/got" 2>/dev/null)
[ -n "${VIM_SYNTAX_DEBUG-}" ] && sed "s/^/# /" "$T/got"
r=0
grep -qx 'ft dtrace' <<< "$got" || { echo "# filetype: $(head -n 1 <<< "$got")"; r=1; }
for w in $want; do
	grep -qx "$w ${w##*:}" <<< "$got" || { echo "# at ${w%:*}: want ${w##*:}, got: $(grep "^$w " <<< "$got" | cut -d' ' -f2)"; r=1; }
done
[ $r -eq 0 ] && echo "ok 2 vim_highlights_a_script" || echo "not ok 2 vim_highlights_a_script"
exit $((fail | r))

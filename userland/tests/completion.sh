#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# completion.sh - the bash completion (build/completion/sonde) offers the
# command's options, the -x option names and the -O formats of its
# tables, and probe descriptions field by field from a `sonde -l` listing
# (here a fake command's, with an empty module, an empty function, a
# module and a function longer than their columns).  KTAP output.
#
#   completion.sh build/completion/sonde
set -uo pipefail

COMP=$(readlink -f "${1:?usage: completion.sh COMPLETION}")
BC=/usr/share/bash-completion/bash_completion
echo "TAP version 13"
if ! [ -f "$BC" ]; then
	echo "1..0 # SKIP no $BC (bash-completion)"
	exit 0
fi
echo "1..8"
T=$(mktemp -d /tmp/completion.XXXXXX)
trap 'rm -rf "$T"' EXIT

# The fake sonde: a listing as sonde -l prints it.
cat > "$T/sonde" <<'X'
#!/bin/sh
[ "$1" = -l ] || exit 2
printf '%5s %10s %17s %33s %s\n' ID PROVIDER MODULE FUNCTION NAME
printf '%5u %10s %17s %33s %s\n' 1 dtrace '' '' BEGIN 2 dtrace '' '' END \
	6 syscall '' read entry 7 syscall '' read return \
	8 syscall '' readv entry \
	40 fbt vmlinux vfs_read entry \
	41 fbt vmlinux do_syscall_trace_enter_and_something_long entry \
	616 tracepoint exceptions '' page_fault_user \
	900 python1234 libpython3.11.so.1.0 _PyEval_EvalFrameDefault function-entry
X
chmod +x "$T/sonde"
export PATH=$T:$PATH

n=0 fail=0
# check NAME WANT WORDS...: the completions of the last word, sorted
check() {
	local name=$1 want=$2
	shift 2
	got=$(bash -c '
		. '"$BC"' 2>/dev/null; . '"$COMP"'
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_sonde "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
		printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort | tr "\n" " "' _ "$@" 2>&1)
	got=${got% }
	n=$((n + 1))
	if [ "$got" = "$want" ]; then
		echo "ok $n $name"
	else
		echo "# want: $want"
		echo "#  got: $got"
		echo "not ok $n $name"
		fail=$((fail + 1))
	fi
}

check options_from_help '--help --listen --version -64 -A -C -D -F -G -H -I -L -O -P -S -U -V -Z -a -b -c -e -f -h -i -l -m -n -o -p -q -s -v -w -x' \
	sonde -
check x_options_from_the_table 'bufpolicy bufresize bufsize' sonde -x buf
check x_option_one_match 'dynvarsize=' sonde -x dynv
check output_formats 'flamegraph folded' sonde -O f
check output_formats_p 'pprof prometheus' sonde -O p
check listen_takes_an_address '' sonde --listen ''
check providers 'dtrace fbt python1234 syscall tracepoint' sonde -P ''
check function_past_its_column 'do_syscall_trace_enter_and_something_long' sonde -f 'do'
# bash shows what follows the last ':' of the word (a word break)
check n_field_by_field 'read: readv:' sonde -n 'syscall::re'
check n_module_past_its_column 'libpython3.11.so.1.0:' sonde -n 'python1234:'

echo "# $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# docs_scripts.sh - every D program shown in README.md and docs/*.md must
# compile.  Run by `make unit-docs` (part of `make unit`); no kernel needed.
# With --emit DIR it writes each example instead as a script the test guest
# runs for real (selftests/sonde/test_docs.sh; `make selftests-bin`).
#
#   userland/tests/docs_scripts.sh [SONDE]     (from the top of the tree;
#                                               SONDE defaults to build/sonde)
#   userland/tests/docs_scripts.sh --emit DIR
#
# The documents are read at run time, so examples added or edited later are
# picked up without touching this script.  Inside fenced code blocks (``` or
# ~~~) it takes:
#
#  - command lines starting "$ sonde ", "# sonde ", "sudo sonde " or
#    "sonde " (continued over several lines by a trailing backslash or an
#    open quote): the command is split as the shell would (quotes and
#    backslashes; no expansion; stops at an unquoted | ; & < > or #) and run
#    as `SONDE -e ...` (compile, then exit before enabling anything), with
#    -c CMD and -p PID replaced by -p $$ (this shell: a pid that exists),
#    -p $$ added when the program says $target without either, and -o FILE
#    dropped; --listen and --push keep their argument.  Commands with no program (no -n -s -P -m -f -i), listings
#    (-l), -V and -h are skipped, as is -s FILE when FILE is not in the
#    tree;
#  - blocks tagged ```d (or ```dtrace): the block is a script, compiled with
#    `SONDE -e -s FILE` (-p $$ when it says $target).
#
# Output: "ok N - file:line" / "not ok N - file:line" (then the command and
# the compiler's messages as "# " lines), a "1..N" plan, and a summary
# "N passed, N failed".  Exit status 1 when anything failed.
#
# --emit DIR: for each example, DIR/NNNN.sh (POSIX sh, sourced by
# test_docs.sh), which sets LOC (file:line) and execs the command as
# written ("$SONDE" for sonde), or sets SKIP to the reason it cannot run,
# and DIR/NNNN.d for a ```d block.  The command keeps its -c CMD (the
# guest provides the programs the documents name), -p PID becomes
# -p "$DOCS_PID" (a python3.11 the guest starts), -o FILE an -o in the
# current directory, and listings, -V and -h run too.

set -u

EMIT=
if [ "${1-}" = --emit ]; then
	EMIT=${2:?usage: docs_scripts.sh --emit DIR}
	rm -rf "$EMIT" && mkdir -p "$EMIT" || exit 2
else
	SONDE=${1:-build/sonde}
	if [ ! -x "$SONDE" ]; then
		echo "docs_scripts.sh: $SONDE not built (make userland)" >&2
		exit 2
	fi
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sonde-docs.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT

DOCS=()
[ -f README.md ] && DOCS+=(README.md)
for f in docs/*.md; do
	[ -f "$f" ] && DOCS+=("$f")
done
if [ ${#DOCS[@]} -eq 0 ]; then
	echo "docs_scripts.sh: no README.md or docs/*.md here (run from the top of the tree)" >&2
	exit 2
fi

# Extract the items: $TMP/NNNN.loc ("file:line"), and $TMP/NNNN.cmd (one
# command, continuation lines joined) or $TMP/NNNN.d (one D block).
awk -v dir="$TMP" '
function flush_d() {
	if (dbuf != "") {
		n++
		f = sprintf("%s/%04d", dir, n)
		printf "%s\n", dloc > (f ".loc"); close(f ".loc")
		printf "%s", dbuf > (f ".d"); close(f ".d")
	}
	dbuf = ""
}
function squotes_open(s,    i, c, q) {
	# is a quote still open at the end of s (shell rules, roughly)?
	q = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (q == "'\''") { if (c == "'\''") q = ""; continue }
		if (c == "\\") { i++; continue }
		if (q == "\"") { if (c == "\"") q = ""; continue }
		if (c == "'\''" || c == "\"") q = c
	}
	return q != ""
}
FNR == 1 { infence = 0; incmd = 0 }
{
	line = $0
	stripped = line
	sub(/^[ \t]*(> )?[ \t]*/, "", stripped)
	if (!infence && stripped ~ /^(```|~~~)/) {
		infence = 1
		fence = substr(stripped, 1, 3)
		tag = tolower(substr(stripped, 4))
		gsub(/[ \t{}.]/, "", tag)
		isd = (tag == "d" || tag == "dtrace")
		dbuf = ""; dloc = FILENAME ":" (FNR + 1)
		incmd = 0
		next
	}
	if (infence && index(stripped, fence) == 1 && stripped ~ /^(```|~~~)[ \t]*$/) {
		if (isd) flush_d()
		if (incmd) { incmd = 0 }
		infence = 0
		next
	}
	if (!infence)
		next
	if (isd) {
		dbuf = dbuf line "\n"
		next
	}
	if (incmd) {
		cbuf = cbuf "\n" line
	} else {
		c = stripped
		if (c !~ /^((\$|#)[ \t]+)?(sudo[ \t]+)?sonde([ \t]|$)/)
			next
		sub(/^((\$|#)[ \t]+)?(sudo[ \t]+)?/, "", c)
		cbuf = c
		cloc = FILENAME ":" FNR
		incmd = 1
	}
	if (cbuf ~ /\\$/ && !squotes_open(cbuf)) {
		sub(/\\$/, "", cbuf)
		cbuf = cbuf " "
		sub(/\n$/, "", cbuf)
		next
	}
	if (squotes_open(cbuf))
		next
	n++
	f = sprintf("%s/%04d", dir, n)
	printf "%s\n", cloc > (f ".loc"); close(f ".loc")
	printf "%s", cbuf > (f ".cmd"); close(f ".cmd")
	incmd = 0
}
' "${DOCS[@]}"

# Split a command line as the shell would, without expansion, into WORDS.
# Stops at an unquoted | ; & < > or a # starting a word.
split_words() {
	local s=$1 i c q="" w="" have=0 len=${#1}

	WORDS=()
	for ((i = 0; i < len; i++)); do
		c=${s:i:1}
		if [ "$q" = "'" ]; then
			if [ "$c" = "'" ]; then q=""; else w+=$c; fi
			continue
		fi
		if [ "$q" = '"' ]; then
			if [ "$c" = '"' ]; then
				q=""
			elif [ "$c" = '\' ] && [[ "${s:i+1:1}" == [\"\\\$\`] ]]; then
				w+=${s:i+1:1}; i=$((i + 1))
			elif [ "$c" = '\' ] && [ "${s:i+1:1}" = $'\n' ]; then
				i=$((i + 1))
			else
				w+=$c
			fi
			continue
		fi
		case $c in
		"'"|'"') q=$c; have=1 ;;
		'\')
			if [ "${s:i+1:1}" = $'\n' ]; then
				:
			else
				w+=${s:i+1:1}; have=1
			fi
			i=$((i + 1)) ;;
		' '|$'\t'|$'\n')
			if [ $have = 1 ]; then WORDS+=("$w"); fi
			w=""; have=0 ;;
		'|'|';'|'&'|'<'|'>')
			break ;;
		'#')
			if [ $have = 0 ]; then break; fi
			w+=$c ;;
		*) w+=$c; have=1 ;;
		esac
	done
	if [ $have = 1 ]; then WORDS+=("$w"); fi
}

OPTARG_OPTS="36bcDfiILmnoOpPsUxX"	# SONDE_OPTSTR's options with an argument

N=0
PASS=0
FAIL=0
SKIP=0

report() {	# report ok|fail|skip loc [why]
	N=$((N + 1))
	case $1 in
	ok)	PASS=$((PASS + 1)); echo "ok $N - $2" ;;
	skip)	SKIP=$((SKIP + 1)); echo "ok $N - $2 # SKIP $3" ;;
	fail)	FAIL=$((FAIL + 1)); echo "not ok $N - $2" ;;
	esac
}

# shq WORD: WORD quoted for a POSIX shell; a word "\001VAR" is "$VAR".
shq() {
	case $1 in
	$'\001'*) printf '"$%s"' "${1:1}" ;;
	*) printf "'%s'" "${1//\'/\'\\\'\'}" ;;
	esac
}

# emit_item LOC SKIP ARGS...: DIR/NNNN.sh for one example.
emit_item() {
	local loc=$1 skip=$2 f a
	shift 2
	N=$((N + 1))
	f=$(printf '%s/%04d.sh' "$EMIT" "$N")
	{
		printf 'LOC=%s\n' "$(shq "$loc")"
		if [ -n "$skip" ]; then
			printf 'SKIP=%s\n' "$(shq "$skip")"
		else
			printf 'exec "$SONDE"'
			for a in "$@"; do
				printf ' %s' "$(shq "$a")"
			done
			printf '\n'
		fi
	} > "$f"
}

# run_sonde LOC ARGS...: compile only; report.
run_sonde() {
	local loc=$1 out
	shift
	if out=$("$SONDE" -e "$@" 2>&1 </dev/null); then
		report ok "$loc"
	elif [ ! -e /sys/kernel/btf/vmlinux ] &&
	     echo "$out" | grep -q "type information is not available"; then
		# kernel types need the build host's BTF
		report skip "$loc" "no kernel BTF on this host"
	else
		report fail "$loc"
		echo "# $(printf '%q ' "$SONDE" -e "$@")"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
}

for loc in "$TMP"/*.loc; do
	[ -e "$loc" ] || continue
	base=${loc%.loc}
	where=$(cat "$loc")

	if [ -f "$base.d" ]; then
		if [ -n "$EMIT" ]; then
			n=$(printf '%04d' $((N + 1)))
			cp "$base.d" "$EMIT/$n.d"
			args=(-s $'\001'DOCS_DIR/$n.d)
			grep -q '\$target' "$base.d" && args+=(-p $'\001'DOCS_PID)
			emit_item "$where" "" "${args[@]}"
			continue
		fi
		args=(-s "$base.d")
		if grep -q '\$target' "$base.d"; then
			args+=(-p $$)
		fi
		run_sonde "$where" "${args[@]}"
		continue
	fi

	split_words "$(cat "$base.cmd")"
	# WORDS[0] is "sonde"
	args=()
	skip=""
	prog=0
	target=0
	hasproc=0
	opts_done=0
	for ((k = 1; k < ${#WORDS[@]}; k++)); do
		wd=${WORDS[k]}
		if [ $opts_done = 1 ] || [ "${wd:0:1}" != "-" ] || [ "$wd" = "-" ]; then
			args+=("$wd")		# macro arguments
			continue
		fi
		if [ "$wd" = "--" ]; then
			opts_done=1
			args+=("$wd")
			continue
		fi
		# long options: --listen and --push take the next word (or
		# =VALUE), passed on as they are; --help and --version are no
		# program (run in the guest all the same)
		case $wd in
		--listen=* | --push=* | --service)
			args+=("$wd")
			continue ;;
		--listen | --push)
			k=$((k + 1))
			args+=("$wd" "${WORDS[k]-}")
			continue ;;
		--help | --version)
			if [ -n "$EMIT" ]; then
				prog=1; args+=("$wd")
			else
				skip="not a program ($wd)"
			fi
			continue ;;
		esac
		for ((j = 1; j < ${#wd}; j++)); do
			o=${wd:j:1}
			case $OPTARG_OPTS in
			*"$o"*)
				val=${wd:j+1}
				if [ -z "$val" ]; then
					k=$((k + 1))
					val=${WORDS[k]-}
				fi
				case $o in
				c|p)	hasproc=1
					if [ -z "$EMIT" ]; then
						args+=(-p $$)
					elif [ $o = c ]; then
						args+=(-c "$val")
					else
						args+=(-p $'\001'DOCS_PID)
					fi ;;
				o)	[ -n "$EMIT" ] && args+=(-o "$(basename "$val")") ;;
				s)
					prog=1
					if [ -f "$val" ]; then
						args+=(-s "$val")
						grep -q '\$target' "$val" && target=1
					elif [ -f "$(dirname "${where%:*}")/$val" ]; then
						val="$(dirname "${where%:*}")/$val"
						args+=(-s "$val")
						grep -q '\$target' "$val" && target=1
					else
						skip="script $val is not in the tree"
					fi ;;
				n|P|m|f|i)
					prog=1
					case $val in *'$target'*) target=1 ;; esac
					args+=("-$o" "$val") ;;
				*)	args+=("-$o" "$val") ;;
				esac
				break ;;
			esac
			case $o in
			l)	if [ -n "$EMIT" ]; then
					prog=1; args+=(-l)
				else
					skip="a probe listing (-l)"
				fi ;;
			V|h)	if [ -n "$EMIT" ]; then
					prog=1; args+=("-$o")
				else
					skip="not a program (-$o)"
				fi ;;
			e)	;;
			*)	args+=("-$o") ;;
			esac
		done
	done
	if [ -z "$skip" ] && [ $prog = 0 ]; then
		skip="no D program in the command"
	fi
	if [ -n "$EMIT" ]; then
		if [ -z "$skip" ] && [ $target = 1 ] && [ $hasproc = 0 ]; then
			args=(-p $'\001'DOCS_PID "${args[@]}")
		fi
		emit_item "$where" "$skip" "${args[@]}"
		continue
	fi
	if [ -n "$skip" ]; then
		report skip "$where" "$skip"
		continue
	fi
	if [ $target = 1 ] && [ $hasproc = 0 ]; then
		args=(-p $$ "${args[@]}")
	fi
	run_sonde "$where" "${args[@]}"
done

if [ -n "$EMIT" ]; then
	echo "docs_scripts.sh: $N examples in $EMIT"
	exit 0
fi
echo "1..$N"
echo "$PASS passed, $FAIL failed"
[ $SKIP -gt 0 ] && echo "# $SKIP skipped"
[ $FAIL -eq 0 ]

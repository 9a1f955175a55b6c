#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gen.sh - the bash completion from its template: the option letters
# (those that take an argument are the usage text's "[-X word"), the -O
# formats from `sonde --help`, the -x option names from names.
#
#   gen.sh SONDE NAMES TEMPLATE > sonde.bash
set -e
SONDE=$1 NAMES=$2 TEMPLATE=$3
help=$("$SONDE" --help)
all=$(printf '%s\n' "$help" | sed -n 's/^	\(-[0-9A-Za-z][0-9]*\) .*/\1/p')
arg=$(printf '%s\n' "$help" | grep -o '\[-[A-Za-z] ' | sed 's/^\[\(-.\) $/\1/' | sort -u)
flags=$(for o in $all; do printf '%s\n' "$arg" | grep -qx -- "$o" || echo "$o"; done | tr '\n' ' ' | sed 's/ $//')
argopts=$(printf '%s\n' "$arg" | tr '\n' ' ' | sed 's/ $//')
formats=$(printf '%s\n' "$help" | sed -n 's/^	-O  set output format: //p' |
	sed 's/([^)]*)//g; s/,/ /g; s/ or / /g' | tr -s ' ' | sed 's/^ //; s/ $//')
xopts=$("$NAMES" xopts | tr '\n' ' ' | sed 's/ $//')
[ -n "$flags" ] && [ -n "$argopts" ] && [ -n "$formats" ] && [ -n "$xopts" ]
sed -e "s|@FLAGS@|$flags|" -e "s|@ARGOPTS@|$argopts|" \
	-e "s|@FORMATS@|$formats|" -e "s|@XOPTS@|$xopts|" "$TEMPLATE"

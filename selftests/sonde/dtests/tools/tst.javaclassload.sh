# SPDX-License-Identifier: GPL-2.0
#
# javaclassload.d: the workload loads ToolWork$Extra once told to go;
# with PREFIX ToolWork, only the workload's own classes (ToolWork
# itself may load before the tool attaches: not checked).
# @@timeout: 180
. ./lib.sh
java_tool javaclassload ToolWork
sed -n '1p' "$T/out"
# TIME(ms) TID EVENT SHARED CLASS: EVENT SHARED CLASS
awk 'NR > 1 && NF && $5 != "ToolWork" { print $3, $4, $5 }' "$T/out" | sed 's/+0x[0-9a-f]*$/+ADDRESS/' | sort

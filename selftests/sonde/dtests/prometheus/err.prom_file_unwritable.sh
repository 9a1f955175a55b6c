# SPDX-License-Identifier: GPL-2.0
#
# sonde -O prometheus -o FILE where FILE cannot be written (its folder
# does not exist): each exposition says so, naming the file, tracing
# goes on to its end, and the exit status is 1.

"$SONDE" -O prometheus -o "$T/no/such/folder/m.prom" \
	-n 'BEGIN { @a = count(); exit(0); }' 2> "$T/err"
r=$?
sed "s|$T|T|" "$T/err" | sort -u
exit $r

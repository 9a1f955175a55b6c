# SPDX-License-Identifier: GPL-2.0
#
# A stripped program whose .gnu_debuglink names its debug file beside it
# (issue 32): sym-link-prog's frames are named from
# /selftests/sonde/sym-link-prog.debug; a debug file that changed since
# the link was made (its CRC-32 differs) is not used.
D='syscall::getppid:entry /pid == $target/ { ufunc(uregs[R_PC]); ustack(3); exit(0); }'
P=/selftests/sonde/sym-link-prog
echo "debug file beside it:"
"$SONDE" -q -n "$D" -c "$P 100000000"
cp "$P.debug" "$T/saved.debug" || exit 1
printf 'x' >> "$P.debug"
echo "a debug file that changed since:"
"$SONDE" -q -n "$D" -c "$P 100000000"
rc=$?
cp "$T/saved.debug" "$P.debug"
exit $rc

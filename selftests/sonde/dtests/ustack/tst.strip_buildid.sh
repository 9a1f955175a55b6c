# SPDX-License-Identifier: GPL-2.0
#
# A stripped program's frames (issue 32): sym-strip-prog has neither
# .symtab nor a .dynsym naming its static functions, so without its debug
# file the frames are object`0xaddress; with the debug file where Debian
# puts them, /usr/lib/debug/.build-id/xx/yyyy.debug, they are named.
# The debug file is taken away again after.
D='syscall::getppid:entry /pid == $target/ { ufunc(uregs[R_PC]); ustack(3); exit(0); }'
echo "without its debug file:"
"$SONDE" -q -n "$D" -c 'sym-strip-prog 100000000'
mkdir -p /usr/lib/debug
cp -r /selftests/sonde/symdebug/.build-id /usr/lib/debug/ || exit 1
echo "with /usr/lib/debug/.build-id/:"
"$SONDE" -q -n "$D" -c 'sym-strip-prog 100000000'
rc=$?
rm -rf /usr/lib/debug/.build-id
exit $rc

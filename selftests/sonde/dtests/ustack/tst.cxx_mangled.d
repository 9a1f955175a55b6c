/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The option mangled (macOS DTrace's), here as -x mangled, leaves C++
 * names as the symbol table has them: tst.cxx_demangled.d's frames,
 * mangled.
 *
 * @@runtest-opts: -x mangled -c 'sym-cxx-prog 100000000'
 */
syscall::getppid:entry
/pid == $target/
{
	ufunc(uregs[R_PC]);
	ustack(3);
	exit(0);
}

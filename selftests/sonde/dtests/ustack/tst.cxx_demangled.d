/* SPDX-License-Identifier: GPL-2.0 */
/*
 * C++ frames are named demangled, as DTrace names them (issue 32): the
 * user PC's function (ufunc()) and ustack() in sym-cxx-prog, whose
 * sonde::Widget<int>::poke(int) makes the system call, called by
 * sonde::outer(long), called by main().
 *
 * @@runtest-opts: -c 'sym-cxx-prog 100000000'
 */
syscall::getppid:entry
/pid == $target/
{
	ufunc(uregs[R_PC]);
	ustack(3);
	exit(0);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -O folded (flame graphs) names C++ frames demangled too: one stack,
 * outermost frame first.
 *
 * @@runtest-opts: -O folded -c 'sym-cxx-prog 100000000'
 */
syscall::getppid:entry
/pid == $target && n++ < 10/
{
	@[ustack(3)] = count();
}

syscall::getppid:entry
/pid == $target && n >= 10/
{
	exit(0);
}

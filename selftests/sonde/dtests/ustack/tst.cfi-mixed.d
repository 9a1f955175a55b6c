/*
 * ustack() at a system call of a program built without frame pointers
 * (cfi-prog mixed, selftests/sonde/cfi-prog.c): every frame, in order,
 * walked by the unwind tables of the program and its libraries.
 */
/* @@runtest-opts: -c 'cfi-prog mixed' */

#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	@[ustack()] = count();
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A JIT's frame named from /tmp/perf-PID.map (issue 32): sym-jit-prog
 * copies a function into anonymous executable memory and names it
 * jit_getppid in its perf map; the function makes the system call, so
 * the first frame is it (module perf-PID.map), then call_jit and main.
 *
 * @@runtest-opts: -c 'sym-jit-prog 100000000'
 */
syscall::getppid:entry
/pid == $target/
{
	usym(uregs[R_PC]);
	ustack(3);
	exit(0);
}

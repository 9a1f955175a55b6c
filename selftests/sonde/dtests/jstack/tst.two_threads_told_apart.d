/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two threads spinning in different functions (spin_a, spin_b): each
 * function's samples come from one thread, a different one for each,
 * never mixed in one stack.
 *
 * @@runtest-opts: -O json -c 'python3.11 jstack_prog.py threads 4'
 * @@timeout: 120
 */
profile-997
/pid == $target/
{
	@[tid, jstack()] = count();
}

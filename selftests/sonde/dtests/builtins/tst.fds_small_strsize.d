/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fds[]'s paths with the smallest strsize (7: 8 bytes with the NUL): a pipe's (a pseudo file,
 * "<unknown>", which does not fit: the empty string, nothing written
 * before the result) and /dev/null's (too long: "..." and what fits,
 * here nothing more) (issue 31).
 *
 * @@runtest-opts: -c 'sh pipe-writer.sh'
 */
#pragma D option quiet
#pragma D option strsize=7

syscall::write:entry
/progenyof($target) && pid != $target/
{
	@[execname, fds[arg0].fi_pathname] = count();
}

END
{
	printa("%s [%s] %@d\n", @);
}

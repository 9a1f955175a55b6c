/* SPDX-License-Identifier: GPL-2.0 */
/*
 * proc:::exec-failure: four execs of a path that does not exist each
 * fire exec, then exec-failure with args[0] the error, -ENOENT as in
 * Oracle's DTrace for Linux (the system call's return value).
 *
 * @@runtest-opts: -c 'prov-prog execfail 4'
 */
#pragma D option quiet

proc:::exec
/pid == $target/
{
	@exec[args[0]] = count();
}

proc:::exec-failure
/pid == $target/
{
	@fail[args[0]] = count();
}

proc:::exec-success
/pid == $target/
{
	@ok = count();
}

END
{
	printa("exec %s %@d\n", @exec);
	printa("exec-failure %d %@d\n", @fail);
	printa("exec-success %@d\n", @ok);
}

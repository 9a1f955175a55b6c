/* SPDX-License-Identifier: GPL-2.0 */
/*
 * proc:::exec as each of five children execs prov-prog: args[0] is the
 * path the exec was given, in the exec'ing process; exec-success
 * follows each.
 *
 * @@runtest-opts: -c 'prov-prog exec 5'
 */
#pragma D option quiet

int n, named, ok;

proc:::exec
/ppid == $target/
{
	n++;
	named += basename(args[0]) == "prov-prog";
}

proc:::exec-success
/ppid == $target/
{
	ok++;
}

END
{
	printf("exec %d, of prov-prog %d, exec-success %d\n", n, named, ok);
}

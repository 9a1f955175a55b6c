/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tst.python_attach_detach.sh's script: foo()'s returns in the process
 * -p names, for a second.
 */
#pragma D option quiet

python$target:::function-return
/copyinstr(arg1) == "foo"/
{
	@ = count();
}

tick-1s
{
	exit(0);
}

END
{
	printa("calls %@d\n", @);
}

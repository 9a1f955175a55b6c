/* SPDX-License-Identifier: GPL-2.0 */
/* tst.dlopen_attach.sh's script: the probes of libdlo.so, which the
 * process attached to loads later. */
#pragma D option quiet

BEGIN
{
	printf("tracing\n");
}

dlo$target:::work
{
	@n["usdt"] = count();
	@a["arg0 sum"] = sum(arg0);
}

pid$target:libdlo.so:dlo_work:return
{
	@n["return"] = count();
	@a["return value sum"] = sum(arg1);
}

END
{
	printa("%-8s %@d\n", @n);
	printa("%-16s %@d\n", @a);
}

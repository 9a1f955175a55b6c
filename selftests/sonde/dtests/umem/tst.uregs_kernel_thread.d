/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uregs[] in a kernel thread (the idle task under profile-N): no user
 * registers, so DTrace's invalid address (0x0) ERROR, and tracing goes
 * on until tick-1s ends it.
 *
 * @@timeout: 60
 */
#pragma D option quiet

profile-997
/pid == 0/
{
	trace(uregs[R_PC]);
}

tick-1s
{
	printf("done\n");
	exit(0);
}

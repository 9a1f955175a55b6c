/* SPDX-License-Identifier: GPL-2.0 */
/*
 * #pragma D depends_on provider: the kernel's listing has sched (made on
 * demand, by the listing that names it) and syscall; the module vmlinux
 * has type information (issue 31).
 */
#pragma D depends_on provider sched
#pragma D depends_on provider syscall
#pragma D depends_on module vmlinux
#pragma D option quiet

BEGIN
{
	printf("dependencies met\n");
	exit(0);
}

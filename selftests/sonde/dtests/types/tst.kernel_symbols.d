/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel symbols: `jiffies through an extern declaration against
 * /proc/timer_list, &`jiffies against /proc/kallsyms, a struct symbol.
 */
#pragma D option quiet

extern unsigned long jiffies;
extern struct task_struct init_task;

BEGIN
{
	printf("%d %x %s\n", `jiffies, (uintptr_t)&`jiffies, `init_task.comm);
	printf("%d\n", *(unsigned long *)&`jiffies > 0);
	exit(0);
}

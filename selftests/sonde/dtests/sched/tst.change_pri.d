/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched:::change-pri before each priority change: setpriority() to nice
 * 1, 2 ... 10 (set_user_nice()) is ten, args[2] the new priority (the
 * kernel's: 120 + nice, 121 ... 130) and args[0]->pr_pri the one it
 * replaces (120 ... 129).
 *
 * @@runtest-opts: -c 'prov-prog nice 10'
 */
#pragma D option quiet

int n, new, old, itself;

sched:::change-pri
/args[1]->pr_pid == $target/
{
	n++;
	new += args[2];
	old += args[0]->pr_pri;
	itself += pid == $target;
}

END
{
	printf("change-pri %d (%d by itself), new %d, old %d\n", n, itself, new,
	    old);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Three children forked one after the other: create and lwp-create
 * fire in the parent for each (args[1]->pr_ppid the parent), then start
 * and lwp-start in each child, start first, before its first
 * instruction.
 *
 * @@runtest-opts: -c 'prov-prog forks 3'
 */
#pragma D option quiet

int create, lcreate, parent, start, lstart, after;

proc:::create
/pid == $target/
{
	create++;
}

proc:::lwp-create
/pid == $target/
{
	lcreate++;
	parent += args[1]->pr_ppid == pid;
}

proc:::start
/ppid == $target/
{
	start++;
	self->started = 1;
}

proc:::lwp-start
/ppid == $target/
{
	lstart++;
	after += self->started;
}

END
{
	printf("create %d, lwp-create %d (%d of children), start %d, lwp-start %d (%d after start)\n",
	    create, lcreate, parent, start, lstart, after);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * copyin() and alloca() buffers kept in a global, a thread-local and an
 * array element (as handles: the run's generation and the buffer's
 * offset, never a kernel address), dereferenced in the clause that made
 * them; trace() shows a handle's offset (8 for a clause's first buffer,
 * as Linux DTrace does).  In a later clause the scratch they named is
 * gone: the global's dereference is an invalid address at its offset
 * (0x8), and ERROR ends the run.
 */
#pragma D option quiet

BEGIN
{
	x = (char *)alloca(8);
	x[0] = 'a';
	x[1] = '/';
	x[2] = 'b';
	y = x + 1;
	self->p = (int *)alloca(4);
	*self->p = 40;
	a[1] = (int *)alloca(8);
	a[1][1] = 2;
	printf("%d %s %s %c %d %d\n", (int)x, stringof(x), basename(x), *y,
	    *self->p + a[1][1], x == NULL);
}

BEGIN
{
	printf("%c\n", *x);
}

ERROR
{
	printf("fault %d at 0x%x\n", arg4, arg5);
	exit(0);
}

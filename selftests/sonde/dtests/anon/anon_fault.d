/*
 * The anonymous enabling of tst.anon_fault.sh: a fault, what follows it,
 * and an exit() long before anyone claims the state.
 */
#pragma D option quiet

BEGIN
{
	trace(*(int *)8);
}

BEGIN
{
	printf("after the fault\n");
}

BEGIN
{
	exit(3);
}

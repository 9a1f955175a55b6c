/*
 * The anonymous enabling of the reboot test (anon-reboot.sh): saved by
 * the first boot, started by the module as the second boot loads it,
 * claimed there by sonde -a.  Every program the boot runs after that.
 */
#pragma D option quiet

BEGIN
{
	printf("begin\n");
}

proc:::exec-success
{
	printf("exec %s\n", execname);
}

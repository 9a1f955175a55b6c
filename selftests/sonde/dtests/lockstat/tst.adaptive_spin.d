/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockstat:::adaptive-spin and adaptive-block: two threads writing one
 * pipe (and a third reading it) contend for its mutex; a waiter spins
 * while the holder runs, and sleeps when it does not.  Spinning is
 * common: some adaptive-spin, each with a time; a sleep is rarer, and
 * when one comes it has a time too.
 *
 * @@runtest-opts: -c 'prov-prog mcontend 2 2000'
 * @@timeout: 60
 */
#pragma D option quiet

int spin, szero, bzero;

lockstat:::adaptive-spin
/pid == $target/
{
	spin++;
	szero += args[1] == 0;
}

lockstat:::adaptive-block
/pid == $target/
{
	bzero += args[1] == 0;
}

END
{
	printf("adaptive-spin: %d, without a time: %d, adaptive-block without a time: %d\n",
	    spin > 0, szero, bzero);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cpu option: probes fire on that CPU only (BEGIN and END anywhere):
 * one key, CPU 1, counted at least 51 times.
 *
 * @@runtest-opts: -x cpu=1
 * @@timeout: 60
 */
#pragma D option quiet

profile-997
{
	@[cpu] = count();
}

profile-997
/n++ == 50/
{
	exit(0);
}

END
{
	printa("%d %@d\n", @);
}

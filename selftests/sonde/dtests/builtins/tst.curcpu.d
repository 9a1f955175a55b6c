/* SPDX-License-Identifier: GPL-2.0 */
/*
 * curcpu: the cpuinfo_t of the CPU the probe fires on (the D library's
 * sched.d), its cpu_id that CPU's number; pset, chip and lgrp the D
 * library's inlines of it (one package, one node, no sets in the guest)
 * (issue 31).
 *
 * @@runtest-opts: -c 'loop-getppid 200'
 */
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	@same[curcpu->cpu_id == cpu] = count();
	@sets[pset, chip, lgrp, curcpu->cpu_pset] = count();
}

END
{
	printa("cpu_id == cpu: %d %@d\n", @same);
	printa("pset %d chip %d lgrp %d cpu_pset %d: %@d\n", @sets);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A provider definition in the script, as DTrace takes one: the probes'
 * declared argument types give args[] (actor-msg-send's uint32_t 7, its
 * uintptr_t -1 as the unsigned 2^64 - 1, its pointer to "x" for
 * copyinstr()) of usdt-hdr-prog's 10 messages (issue 31).  The program's
 * own lines first: its is-enabled test is of gc-start, not enabled here.
 *
 * @@runtest-opts: -c 'usdt-hdr-prog 10'
 * @@timeout: 60
 */
provider pony {
	probe gc__start(uintptr_t);
	probe actor__msg__send(uintptr_t, uint32_t, uintptr_t, uintptr_t);
	probe rt__init();
	probe named(char *name, int (*fn)(int, int), long);
};

#pragma D option quiet

pony$target:::actor-msg-send
/args[1] == 7/
{
	@m[args[1], args[2], copyinstr(args[3])] = count();
}

END
{
	printa("%d %u %s: %@d\n", @m);
}

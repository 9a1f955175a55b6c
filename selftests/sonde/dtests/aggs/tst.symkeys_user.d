/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ufunc(), usym(), umod() and uaddr() as aggregation keys (issue 31):
 * the key is the pid and the address, so the name is the process's;
 * ufunc() and usym() count every address of a function as the function
 * and umod() every address of an object as the object; uaddr() keeps the
 * address.  printa()'s default output, %A and %s.
 *
 * @@runtest-opts: -c 'loop-getppid 100000000'
 */
syscall::getppid:entry
/pid == $target && n < 100/
{
	n++;
	@f[ufunc(uregs[R_PC])] = count();
	@s[usym(uregs[R_PC])] = count();
	@m[umod(uregs[R_PC])] = count();
	@a[uaddr(uregs[R_PC])] = count();
}

tick-1s
{
	exit(0);
}

END
{
	printa("%A %@d\n", @f);
	printa("[%s] %@d\n", @s);
	printa(@m);
	printa(@a);
}

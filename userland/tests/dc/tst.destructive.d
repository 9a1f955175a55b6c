/*
 * The destructive actions compile to what the kernel and the consumer
 * carry out: raise(), stop(), chill(), copyout(), copyoutstr() are
 * subroutine calls with no record of their own; system() and freopen()
 * record their format's arguments (the clause is marked destructive);
 * func() and ufunc() are sym() and usym().
 */
#pragma D option destructive

BEGIN
{
	raise(SIGUSR1);
	stop();
	chill(1000);
	this->b = alloca(4);
	copyout(this->b, 0x2000, 4);
	copyoutstr("hi", 0x2004, 3);
	system("echo %d %s", pid, execname);
	freopen("/tmp/sonde.%d", pid);
	freopen("");
	ftruncate();
	func(arg0);
	ufunc(arg0);
}

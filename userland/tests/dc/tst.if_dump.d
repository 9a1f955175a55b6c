/* the -S view of a split clause */
syscall::read:entry, syscall::write:entry
/arg0 == 1/
{
	if (arg2 > 100)
		printf("big %d\n", arg2);
	else
		trace(arg2);
}

/* every aggregating function, with and without keys */
syscall:::entry
{
	@c = count();
	@s[pid] = sum(arg0);
	@a[execname, tid] = avg(arg1);
	@mn = min(arg2);
	@mx[probefunc] = max(arg2);
	@sd = stddev(arg0);
	@q = quantize(arg0);
	@qi = quantize(arg0, 3);
	@lq = lquantize(arg0, 0, 100);
	@lqs[cpu] = lquantize(arg0, -10, 10, 2);
	@lqi = lquantize(arg0, 0, 1000, 10, arg1);
	@llq = llquantize(arg0, 10, 0, 6, 20);
	@llqi[uid, gid] = llquantize(arg0, 2, 0, 10, 4, 2);
	@ = count();
}
END
{
	printa(@c);
	printa("%s %@d\n", @mx);
	printa(@s);
	printa(@q);
}

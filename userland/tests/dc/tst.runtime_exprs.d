syscall:::entry
/(pid > 1 && uid == 0) || execname == "init" ^^ ppid != 1/
{
	trace(pid + tid * 2);
	trace(arg0 / arg1 + arg0 % 7);
	trace(timestamp - vtimestamp);
	trace((uint32_t)arg0 >> 3);
	trace(arg0 >> 3);
	trace(-pid);
	trace(~uid);
	trace(!errno);
	trace(pid == 1 ? "init" : execname);
	trace(cpu < 4 ? arg0 : timestamp);
	trace(probeprov);
	trace(probemod);
	trace(probename);
	trace(walltimestamp);
	trace(curthread);
	trace(id);
	trace(epid);
	trace(arg9);
	trace((int)arg0 < 0);
	trace(uid < gid);
	trace(execname < probefunc);
	trace(execname >= "m");
	trace((pid, tid));
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * With a profile hook (calls.py profile), function-entry is exact too,
 * and return - entry timestamps make a quantize per function, with a
 * value for every call.
 *
 * @@runtest-opts: -c 'python3.11 calls.py profile'
 * @@timeout: 120
 */
#pragma D option quiet

python$target:::function-entry
/copyinstr(arg1) == "foo" || copyinstr(arg1) == "bar"/
{
	@e[copyinstr(arg1)] = count();
	self->ts = timestamp;
}

python$target:::function-return
/self->ts && (copyinstr(arg1) == "foo" || copyinstr(arg1) == "bar")/
{
	@t[copyinstr(arg1)] = quantize(timestamp - self->ts);
	self->ts = 0;
}

END
{
	printa("entry %s %@d\n", @e);
}

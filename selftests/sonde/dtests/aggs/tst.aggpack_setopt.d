/* SPDX-License-Identifier: GPL-2.0 */
/*
 * aggpack turned on at run time by setopt(), DTrace's dynamic option:
 * the same packed lines as with -x aggpack.
 *
 * @@runtest-opts: -x encoding=ascii
 */
#pragma D option quiet

BEGIN
{
	@["bash"] = quantize(1);
	@["bash"] = quantize(2);
	@["bash"] = quantize(2);
	@["bash"] = quantize(8);
	@["awk"] = quantize(2);
	exit(0);
}

END
{
	setopt("aggpack");
}

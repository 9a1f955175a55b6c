/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tst.hotspot_*.sh's script: Debian's HotSpot probes (libjvm.so's
 * hotspot and hotspot_jni USDT providers) on ToolWork, which loads
 * ToolWork$Extra once, calls ToolWork.work() 3 times and System.gc() 3
 * times (a full collection each with -XX:+UseSerialGC).
 */
#pragma D option quiet

BEGIN
{
	printf("tracing\n");
}

hotspot$target:::vm-init-begin,
hotspot$target:::vm-init-end
{
	@n[probename] = count();
}

hotspot$target:::gc-begin
/arg0/
{
	@n["gc-begin full"] = count();
}

hotspot$target:::class-loaded
/copyinstr(arg0, arg1) == "ToolWork$Extra"/
{
	@n["class-loaded ToolWork$Extra"] = count();
}

hotspot$target:::method-entry
/copyinstr(arg1, arg2) == "ToolWork" && copyinstr(arg3, arg4) == "work"/
{
	@n["method-entry ToolWork.work"] = count();
}

hotspot_jni$target:::CallStaticVoidMethod-entry
{
	@n["jni CallStaticVoidMethod-entry"] = count();
}

END
{
	printa("%-32s %@d\n", @n);
}

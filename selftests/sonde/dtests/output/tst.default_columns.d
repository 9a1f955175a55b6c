/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dt_consume_cpu()'s columns without -q: the "%3d %6d %32s " prefix, a
 * string traced as "  %-33s", an 8-byte integer as " %16lld"; then an
 * aggregation's rows: a string key "  %-50s", a value " %16lld".
 */
BEGIN
{
	trace("ab");
	trace(timestamp - timestamp);
	@["k"] = count();
	@s["k"] = sum(5);
	exit(0);
}

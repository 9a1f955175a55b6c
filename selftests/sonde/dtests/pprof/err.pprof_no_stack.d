/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `sonde -O pprof` and no stack-keyed aggregation: a profile is of
 * stacks, so the run is refused, before anything is traced.
 *
 * @@runtest-opts: -O pprof
 */
BEGIN
{
	@k[execname] = count();
	exit(0);
}

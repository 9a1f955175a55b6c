/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `sonde -O prometheus` and a stack key: a stack cannot be a label
 * value, so the run is refused with the key and the aggregation named,
 * before anything is traced.
 *
 * @@runtest-opts: -O prometheus
 */
BEGIN
{
	@k["x", stack()] = count();
	exit(0);
}

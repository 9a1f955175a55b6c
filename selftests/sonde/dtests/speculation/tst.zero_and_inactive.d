/* SPDX-License-Identifier: GPL-2.0 */
/*
 * speculate(), commit(), discard() of id 0, and of a speculation never
 * claimed, do nothing: the speculated clause's data is dropped without a
 * count or an error, the rest runs.
 */
#pragma D option quiet

BEGIN { speculate(0); printf("lost 0\n"); }
BEGIN { speculate(1); printf("lost 1\n"); }
BEGIN { commit(0); }
BEGIN { discard(0); }
BEGIN { commit(1); }
BEGIN { discard(1); }
BEGIN { printf("ok\n"); exit(0); }

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A committed speculation is free again: a second commit() of its id does
 * nothing, and the next speculation() gets the id back.
 */
#pragma D option quiet

BEGIN { s = speculation(); }
BEGIN { speculate(s); printf("one %d\n", s); }
BEGIN { commit(s); }
BEGIN { commit(s); }
BEGIN { t = speculation(); }
BEGIN { speculate(t); printf("two %d\n", t); }
BEGIN { commit(t); }
BEGIN { discard(t); exit(0); }

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An id above nspec is an illegal operation (dtrace_speculation_buffer()):
 * an ERROR in the speculating clause, the next clause runs.
 */
#pragma D option quiet

BEGIN { speculate(2); printf("lost\n"); }
BEGIN { exit(0); }

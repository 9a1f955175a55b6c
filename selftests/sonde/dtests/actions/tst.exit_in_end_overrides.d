/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exit() in END overrides the status of an earlier exit() (dtrace's
 * chewrec() takes every exit record's).
 *
 * @@exitcode: 3
 */
#pragma D option quiet

BEGIN { exit(1); }
END { exit(3); }

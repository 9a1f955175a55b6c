/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A char pointer passed where a subroutine's prototype says const char *
 * is the string it points to (dt_node_is_strcompat()): strlen() and
 * strjoin() of curthread->comm.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %s\n", strlen((char *)curthread->comm),
	    strjoin((char *)curthread->comm, "!"));
	exit(0);
}

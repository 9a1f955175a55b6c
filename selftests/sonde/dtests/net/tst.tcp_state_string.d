/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tcp_state_string[] (the D library's inline with a tuple signature, as
 * Oracle's tcp.d has it): the client side of one loopback connection to
 * port 7014, each change by name, in order (issue 31).
 *
 * @@runtest-opts: -c 'net-prog tcp4 1 100'
 */
#pragma D option quiet

tcp:::state-change
/args[3]->tcps_rport == 7014/
{
	printf("%s -> %s\n", tcp_state_string[args[5]->tcps_state],
	    tcp_state_string[args[3]->tcps_state]);
}

END
{
	printf("%s %s\n", tcp_state_string[TCP_STATE_LISTEN],
	    tcp_state_string[99]);
}

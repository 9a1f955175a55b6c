/* args[3] is a tcpsinfo_t * for tcp:::send and a udpsinfo_t * for
 * udp:::send: a clause of both cannot use it */
tcp:::send, udp:::send { trace(args[3]->tcps_lport); }

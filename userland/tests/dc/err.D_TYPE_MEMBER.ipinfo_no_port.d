/* ipinfo_t has addresses, not ports */
ip:::send { trace(args[2]->ip_sport); }

/* profile probes have no args[] (as in DTrace) */
profile:::profile-97 { trace(args[0]); }

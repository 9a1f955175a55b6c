# The sockets' changes interleave: sorted by socket and number.
sort

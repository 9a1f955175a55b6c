accept-established: 5
client data segments sent: 5
connect-established: 5
connect-request: 5
server data segments received: 5
client bytes sent: 5000
server bytes received: 5000
request to ::1:7016, dport 7016, SYN 1: 5
established by ::1:7016, SYN|ACK 1, in SYN_SENT 1: 5
accepted on ::1:7016 from ::1:ephemeral 1, local 1: 5
sent: IPv6 ::1 -> ::1, established 1: 5


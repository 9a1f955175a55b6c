accept-established: 5
client data segments sent: 5
connect-established: 5
connect-request: 5
server data segments received: 5
client bytes sent: 5000
server bytes received: 5000
request to 127.0.0.1:7014, dport 7014, SYN 1: 5
established by 127.0.0.1:7014, SYN|ACK 1, in SYN_SENT 1: 5
accepted on 127.0.0.1:7014 from 127.0.0.1:ephemeral 1, local 1: 5
sent: IPv4 127.0.0.1 -> 127.0.0.1, established 1: 5


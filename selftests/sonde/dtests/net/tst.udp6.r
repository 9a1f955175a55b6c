ip receive: 2
ip send: 2
udp receive: 2
udp send: 2
ip receive: 316 bytes
ip send: 316 bytes
udp receive: 316 bytes
udp send: 316 bytes
udp receive ::1:7027 -> ::1:7026: 2
udp send ::1:7026 -> ::1:7027: 2
ip receive: IPv6 ::1 -> ::1 on lo: 2
ip send: IPv6 ::1 -> ::1 on lo: 2
ip receive: UDP, hop limit 64, ::1 -> ::1: 2
ip send: UDP, hop limit 64, ::1 -> ::1: 2
ip receive: ipv4 <null>: 2
ip send: ipv4 <null>: 2


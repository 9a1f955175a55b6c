ip receive: 3
ip send: 3
udp receive: 3
udp send: 3
ip receive: 624 bytes
ip send: 624 bytes
udp receive: 624 bytes
udp send: 624 bytes
udp receive 127.0.0.1:7025 -> 127.0.0.1:7024: 3
udp send 127.0.0.1:7024 -> 127.0.0.1:7025: 3
ip receive: IPv4 127.0.0.1 -> 127.0.0.1 on lo: 3
ip send: IPv4 127.0.0.1 -> 127.0.0.1 on lo: 3
ip receive: ihl 20, flags 40, ttl 64, UDP: 3
ip send: ihl 20, flags 40, ttl 64, UDP: 3
ip receive: ipv6 <null>: 3
ip send: ipv6 <null>: 3



client 1: 7 -> 2
client 2: 2 -> 1
client 3: 1 -> 4
client 4: 4 -> 5
client 5: 5 -> 6
client 6: 5 -> 7
listener 1: 7 -> 10 127.0.0.1
listener 2: 10 -> 7 127.0.0.1
server 1: 10 -> 3 127.0.0.1 127.0.0.1
server 2: 3 -> 1 127.0.0.1 127.0.0.1
server 3: 1 -> 8 127.0.0.1 127.0.0.1
server 4: 8 -> 9 127.0.0.1 127.0.0.1
server 5: 9 -> 7 127.0.0.1 127.0.0.1

1 send: ::1 port 7019, flags as expected 1: 1
2 connect-request: ::1 port 7019, flags as expected 1: 1
3 accept-refused: ::1 port 7019, flags as expected 1: 1
4 connect-refused: ::1 port 7019, flags as expected 1: 1


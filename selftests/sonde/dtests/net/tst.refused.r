1 connect-request: 127.0.0.1:7019, flags as expected 1: 1
2 receive with no socket: 127.0.0.1:7019, flags as expected 1: 1
3 accept-refused: 127.0.0.1:7019, flags as expected 1: 1
4 connect-refused: 127.0.0.1:7019, flags as expected 1: 1
3 accept-refused: 127.0.0.1, 1: 1
4 connect-refused: 127.0.0.1, 1: 1


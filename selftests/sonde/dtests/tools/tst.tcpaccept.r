rc=0
IP LADDR                                   LPORT RADDR                                   RPORT RESULT
4 127.0.0.1 7014 127.0.0.1 RPORT established
4 127.0.0.1 7014 127.0.0.1 RPORT established
4 127.0.0.1 7014 127.0.0.1 RPORT established
rc=0
4 127.0.0.1 7019 127.0.0.1 RPORT refused

rc=0
PID     COMM             IP SADDR                                   DADDR                                   DPORT
 net-prog 4 127.0.0.1 127.0.0.1 7014
 net-prog 4 127.0.0.1 127.0.0.1 7014
 net-prog 4 127.0.0.1 127.0.0.1 7014
 net-prog 6 ::1 ::1 7016
 net-prog 6 ::1 ::1 7016
rc=0
 net-prog 6 ::1 ::1 7016
 net-prog 6 ::1 ::1 7016
rc=0
 net-prog 4 127.0.0.1 127.0.0.1 7019
1 refused

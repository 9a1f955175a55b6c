rc=0
DIR      COMM              LPORT  DATAGRAMS        BYTES
receive COMM 7025 3 600
send     net-prog           7024          3          600

java: rc=0 done
rc=0
TIME(ms)  EVENT  JTID    TID     DAEMON NAME
start no toolwork-worker
stop no toolwork-worker

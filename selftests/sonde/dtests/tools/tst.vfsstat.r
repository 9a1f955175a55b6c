rc=0
TIME                   READ/s  WRITE/s  FSYNC/s   OPEN/s CREATE/s
at least 60
rc=2

rc=0
TIME(ms)  COMM             PID     DISK   T     SECTOR   BYTES  LAT(us)
dd vda R 64 4096
dd vda R 72 4096
dd vda R 80 4096
dd vda R 88 4096
dd vda R 96 4096

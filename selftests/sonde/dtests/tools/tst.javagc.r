java: rc=0 done
rc=0
TIME(ms)  TID     FULL     LAT(us)
yes 3
  full collections, duration (us)

rc=0
TIME(ms)  TID     EVENT
open seen

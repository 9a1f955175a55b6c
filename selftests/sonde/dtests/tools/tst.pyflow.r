rc=0
TID     DELTA(us)  FUNCTION
-> pywork.py:outer:22
  -> pywork.py:inner:18
  <- pywork.py:inner:19
  -> pywork.py:inner:18
  <- pywork.py:inner:19
<- pywork.py:outer:23

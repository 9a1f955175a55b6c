rc=0
Counting Python calls of pid PID... Hit Ctrl-C to end.
     CALLS  FILE:FUNCTION
         3  pywork.py:tock
         7  pywork.py:tick

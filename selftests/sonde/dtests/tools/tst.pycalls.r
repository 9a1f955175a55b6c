rc=0
Counting Python calls of pid PID... Hit Ctrl-C to end.
FILE                     FUNCTION                              CALLS
pywork.py                tock                                      3
pywork.py                tick                                      7

java: rc=0 done
rc=0
Counting Java method calls of pid PID... Hit Ctrl-C to end.
     CALLS  CLASS.METHOD
         3  ToolWork.work

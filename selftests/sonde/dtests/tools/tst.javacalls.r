java: rc=0 done
rc=0
Counting Java method calls of pid PID... Hit Ctrl-C to end.
CLASS                                    METHOD                        CALLS
ToolWork                                 work                              3

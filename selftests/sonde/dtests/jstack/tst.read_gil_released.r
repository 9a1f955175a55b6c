                [ jstack_prog.py:READ (reader) ]
                [ jstack_prog.py:OUTER_READ (outer) ]
                [ jstack_prog.py:MAIN (main) ]
                [ jstack_prog.py:MODULE (<module>) ]


Stopping after 5 seconds.
Values in the @pony array (units = none)
Values in the @heap array (units = bytes)
Values in the @python array (units = nanoseconds/call)
key sonde_main,calls.py:LINE
Values in the @os array (units = IO ops)
calls.py histogram counts: 1

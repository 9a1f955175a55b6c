python3.11 check.py folded main:MAIN outer:OUTER_WRITE writer:WRITE | sed -E 's/^(sonde: pid )[0-9]+( has exited)$/\1PID\2/'

python3.11 check.py count collector outer main | sed -E 's/^(sonde: pid )[0-9]+( has exited)$/\1PID\2/'

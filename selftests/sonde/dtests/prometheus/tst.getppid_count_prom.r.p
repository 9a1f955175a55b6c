sed -E 's/^(sonde: pid )[0-9]+( has exited)$/\1PID\2/'

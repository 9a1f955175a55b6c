# The size it came down to, which depends on the guest's memory.
sed -E 's/^(sonde: buffer size lowered to )[0-9]+[km]$/\1N/'

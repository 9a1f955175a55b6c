# Only the samples in spin(): where else the ticks land (the dynamic
# linker, libc's start and exit) is the timer's choice.
grep '`spin '

syscall:::entry { @[probefunc] = count(); } tick-1sec { exit(0); }

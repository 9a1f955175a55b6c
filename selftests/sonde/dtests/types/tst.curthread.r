
the program's pid ppid comm
the program's pid ppid comm
the program's pid ppid comm
uid 0
uid 0

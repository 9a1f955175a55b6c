stacks: some
innermost frame not libc.so.6`malloc (__libc_malloc): 0
down to python3.11's _start through __libc_start_main: some
of those, through python3.11`Py_BytesMain: some
ending elsewhere (a walk cut short): 0

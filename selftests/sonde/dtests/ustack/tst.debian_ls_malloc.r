stacks: some
innermost frame not libc.so.6`malloc (__libc_malloc): 0
down to ls's _start through __libc_start_main: some
ending elsewhere (a walk cut short): 0
/dev/null

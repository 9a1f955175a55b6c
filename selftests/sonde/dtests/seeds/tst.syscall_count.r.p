# getppid's row; the program's other calls are its libc's, and the
# number of syscall probes matched is the kernel's.
grep -E '^  getppid |^-- @@stderr --$'

# The CPU and the probe id ("%3d %6d " of each record: the syscall
# probe's id is the kernel's), the frames' offsets into their functions
# but the JIT function's (they vary with the build and the C library),
# and the pid in the perf map's name; trailing blanks (the symbol's column
# is padded to a width that the pid's digits change).
sed -E 's/^[ 0-9]{2}[0-9] [ 0-9]{5}[0-9] /  C      I /; s/perf-[0-9]+\.map/perf-PID.map/g; /jit_getppid\+0xb$/!s/\+0x[0-9a-f]+$/+0xOFF/; s/[ ]+$//'

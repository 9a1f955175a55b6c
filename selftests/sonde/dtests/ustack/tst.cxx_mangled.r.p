# The CPU and the probe id ("%3d %6d " of each record: the syscall
# probe's id is the kernel's), and the frames' offsets into their
# functions (they vary with the build and the C library).
sed -E 's/^[ 0-9]{2}[0-9] [ 0-9]{5}[0-9] /  C      I /; s/\+0x[0-9a-f]+$/+0xOFF/'

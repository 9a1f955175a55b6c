# Offsets into the functions (the compiler's choice) and the address of
# libc's unnamed start-up function (Debian's libc has no .symtab; ASLR's;
# named by its module only while the process lives, and it may have
# exited when the stack is printed).
sed -E 's/\+0x[0-9a-f]+$/+0xOFF/; s/(libc\.so\.6`)?0x[0-9a-f]{8,}$/ADDRESS/'

# The write probe's id (the kernel's syscall table decides it) and the
# ERROR's DIF offset (the compiler's choice).
sed -E 's/ \(ID [0-9]+: syscall::/ (ID I: syscall::/; s/ at DIF offset [0-9]+$/ at DIF offset N/'

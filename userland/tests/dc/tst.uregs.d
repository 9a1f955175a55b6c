/* uregs[] on the userland VM: the registers of ioctl(2) as the module's
 * TESTRUN sees them (syscall number 16, user CS and SS) */
BEGIN
{
	trace(uregs[R_ERR]);
	trace(uregs[R_CS]);
	trace(uregs[R_SS]);
	trace(uregs[20]);
	trace(R_PC);
	trace(R_SP);
	trace(R_FP);
	trace(R_PS);
	trace(R_R0);
	trace(R_R1);
	trace(R_RAX == R_EAX && R_R15 == 0);
}

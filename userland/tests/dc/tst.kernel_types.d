/* kernel types from BTF (the test fixture's): struct task_struct through
 * curthread and casts, anonymous members (mm_struct, qstr), typedefs of
 * the kernel (u64, pid_t), module scoping with ` */
BEGIN
{
	this->t = (struct task_struct *)0x1000;
	printf("%s %d %d\n", this->t->comm, this->t->pid, this->t->tgid);
	trace(sizeof (struct task_struct));
	trace(offsetof(struct mm_struct, arg_end));
	trace(sizeof (struct vmlinux`task_struct));
	trace(sizeof (struct sonde_mod`sonde_mod_state));
	trace(sizeof (struct sonde_mod_state));
	trace((u64)-1);
	trace(sizeof (vmlinux`pid_t));
	trace(offsetof(struct qstr, name));
	trace(this->t->comm[1]);
}

/* curthread is a struct task_struct *: its members compile to loads at
 * the BTF offsets (here, the fixture's) */
BEGIN
{
	trace(curthread->pid);
	trace(curthread->real_parent->tgid);
	trace(curthread->mm->arg_start);
	trace(curthread->cred->uid.val);
	trace(curthread->sched_contributes_to_load);
}

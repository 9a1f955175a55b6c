/* @msg: operands have incompatible types: "struct task_struct *" = "int" */
/* a variable that holds a pointer takes no integer but 0 (NULL) */
BEGIN
{
	self->t = curthread;
	self->t = 0;
	self->t = pid;
}

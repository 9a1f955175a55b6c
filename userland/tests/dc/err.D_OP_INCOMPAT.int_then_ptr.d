/* @msg: operands have incompatible types: "int" = "struct task_struct *" */
BEGIN
{
	x[1] = pid;
	x[2] = curthread;
}

/* ?: of two pointers to different types */
BEGIN { trace((pid ? curthread : curthread->files) != NULL); }
/* @msg: operator ?: operands must have compatible types: "struct task_struct *" and "struct files_struct *" */

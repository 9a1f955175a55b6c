-- @@stderr --
sonde: err.D_OP_INCOMPLETE.missing_kernel_type.d:7:41: error: [D_OP_INCOMPLETE] operator -> cannot be applied to a forward declaration: no struct no_such_kernel_type definition is available
	trace(((struct no_such_kernel_type *)0)->x);
	                                       ^

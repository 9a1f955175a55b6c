/* copyinto() writes only into a buffer alloca() or copyin() made */
BEGIN { copyinto(arg0, 4, arg1); }	/* @line: 2 */

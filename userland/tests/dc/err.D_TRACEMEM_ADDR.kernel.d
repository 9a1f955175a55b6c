/* tracemem() of kernel memory is not offered: copyin() user memory */
BEGIN { tracemem(arg0, 16); }

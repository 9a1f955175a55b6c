/* a struct the kernel BTF does not have */
BEGIN { trace(((struct not_a_kernel_type *)0)->x); }

exit status 1
ok

-- @@stderr --
sonde: <command line>:1:24: error: [D_OP_INCOMPLETE] operator -> cannot be applied to a forward declaration: no struct task_struct definition is available: the kernel's type information is not available: /sys/kernel/btf/vmlinux: No such file or directory (a kernel built with CONFIG_DEBUG_INFO_BTF=y has it)
BEGIN { trace(curthread->pid); exit(0); }
                       ^

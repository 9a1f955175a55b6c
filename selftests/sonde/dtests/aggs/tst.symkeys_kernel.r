CPU     ID                    FUNCTION:NAME
  C      I                           :BEGIN 
  C      I                             :END vmlinux`vfs_write 1
vmlinux`vfs_read 2
[vmlinux] 2

  vmlinux`vfs_read                                          7                5


-- @@stderr --
sonde: script 'tst.symkeys_kernel.d' matched 2 probes

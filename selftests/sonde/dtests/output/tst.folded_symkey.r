vmlinux`vfs_read;dtrace 2
-- @@stderr --
sonde: script 'tst.folded_symkey.d' matched 1 probe

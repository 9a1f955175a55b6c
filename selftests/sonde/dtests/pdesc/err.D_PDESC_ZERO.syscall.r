-- @@stderr --
sonde: err.D_PDESC_ZERO.syscall.d:6:20: error: [D_PDESC_ZERO] probe description syscall::nosuchcall:entry does not match any probes

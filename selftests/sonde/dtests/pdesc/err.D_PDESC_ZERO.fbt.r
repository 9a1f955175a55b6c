-- @@stderr --
sonde: err.D_PDESC_ZERO.fbt.d:6:20: error: [D_PDESC_ZERO] probe description fbt::sonde_no_such_function:entry does not match any probes

-- @@stderr --
sonde: err.D_PDESC_ZERO.tick_name.d:6:20: error: [D_PDESC_ZERO] probe description :::tick-abc does not match any probes

-- @@stderr --
sonde: err.D_PDESC_ZERO.position.d:10:3: error: [D_PDESC_ZERO] probe description :::tick-1zz does not match any probes

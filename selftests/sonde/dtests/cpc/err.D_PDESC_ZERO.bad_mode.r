-- @@stderr --
sonde: err.D_PDESC_ZERO.bad_mode.d:5:1: error: [D_PDESC_ZERO] probe description cpc:::cpu_clock-sometimes-100000 does not match any probes

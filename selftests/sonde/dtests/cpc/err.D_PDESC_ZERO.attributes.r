-- @@stderr --
sonde: err.D_PDESC_ZERO.attributes.d:6:1: error: [D_PDESC_ZERO] probe description cpc:::cpu_clock-all-nouser-100000 does not match any probes

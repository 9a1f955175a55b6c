-- @@stderr --
sonde: err.D_PDESC_ZERO.profile_name.d:6:20: error: [D_PDESC_ZERO] probe description profile:::nosuch does not match any probes

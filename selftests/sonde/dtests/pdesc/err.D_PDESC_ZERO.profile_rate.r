-- @@stderr --
sonde: err.D_PDESC_ZERO.profile_rate.d:6:20: error: [D_PDESC_ZERO] probe description :::profile-0zz does not match any probes

-- @@stderr --
sonde: err.D_PDESC_ZERO.provider.d:6:20: error: [D_PDESC_ZERO] probe description nosuchprov::: does not match any probes

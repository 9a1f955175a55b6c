-- @@stderr --
sonde: <command line>:1:20: error: [D_PDESC_ZERO] probe description :::tick-abc does not match any probes

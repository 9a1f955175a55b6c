-- @@stderr --
sonde: err.D_PDESC_ZERO.dlopen_not_yet.d:10:1: error: [D_PDESC_ZERO] probe description dloPID:::work does not match any probes
sonde: process PID (dlopen-prog) has no USDT provider dlo, nor any USDT probe

own sonde-parent

-- @@stderr --
sonde: error on enabled probe ID 2 (ID I: tracepoint:tlb::tlb_flush): invalid address (ADDR) in action #1 at DIF offset N

-- @@stderr --
sonde: failed to enable probes: pidPID:a.out:level3:2: offset 0x2 is not an instruction boundary of level3

1 0 0

-- @@stderr --
sonde: 2 failed speculations (no speculative buffer available)

-- @@stderr --
sonde: script 'err.panic_needs_kernel_destructive.d' matched 1 probe
sonde: allowing destructive actions
sonde: could not enable tracing: Destructive actions not allowed (insn N: panic() is refused: the sonde module's kernel_destructive parameter is off)

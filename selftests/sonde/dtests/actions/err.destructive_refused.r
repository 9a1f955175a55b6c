-- @@stderr --
sonde: script 'err.destructive_refused.d' matched 1 probe
sonde: could not enable tracing: Destructive actions not allowed
sonde: to allow the program's destructive actions, run it with -w (or #pragma D option destructive)

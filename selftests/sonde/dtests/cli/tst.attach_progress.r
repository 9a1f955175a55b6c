terminal, syscall:::
sonde: description 'syscall::: ' matched N probes
sonde: attaching N probes...
status 0
terminal, BEGIN
sonde: description 'BEGIN ' matched 1 probe
status 0
file, syscall:::
status 0
sonde: description 'syscall::: ' matched N probes

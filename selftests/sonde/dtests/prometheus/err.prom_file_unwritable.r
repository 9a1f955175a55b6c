sonde: description 'BEGIN ' matched 1 probe
sonde: failed to write output file 'T/no/such/folder/m.prom': No such file or directory

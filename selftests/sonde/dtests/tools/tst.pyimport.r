rc=0
TIME(ms)  TID     FOUND    LAT(us)  MODULE
no sonde_no_such_module
yes json

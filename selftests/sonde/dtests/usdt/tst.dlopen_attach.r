dlopen-prog: exit status 0
sonde: exit status 0
tracing
return   5
usdt     5
arg0 sum         10
return value sum 25


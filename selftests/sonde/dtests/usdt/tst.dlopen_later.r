work 0 libdlo.so:dlo_work:work
work 1 libdlo.so:dlo_work:work
work 2 libdlo.so:dlo_work:work
work 3 libdlo.so:dlo_work:work
work 4 libdlo.so:dlo_work:work
entry    5
return   5
usdt     5
arg0 sum         10
return value sum 25


== a stack() key: refused by -O prometheus
the old program is still served: 6
== a script it takes
the new program is served: 3
== exit 0
sonde: SIGHUP: reloading svc.d
sonde: -O prometheus: key 0 of @ is stack(), which cannot be a label value: use -O folded for stacks
sonde: reload failed: the running program goes on
sonde: SIGHUP: reloading svc.d
sonde: reloaded: the new program traces

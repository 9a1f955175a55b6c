== a script that does not compile
== a script that compiles
== exit 0
== stdout
v1 begin
v1 end

  v1                                                               12
v3 begin

v3 end

  v3                                                                3
== stderr
sonde: SIGHUP: reloading svc.d
sonde: svc.d:2:11: error: [D_SYNTAX] syntax error: expected an expression, found ';'
END { x = ; }
          ^
sonde: reload failed: the running program goes on
sonde: SIGHUP: reloading svc.d
sonde: reloaded: the new program traces

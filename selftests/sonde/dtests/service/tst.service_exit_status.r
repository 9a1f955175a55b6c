sonde: bad.d:1:13: error: [D_SYNTAX] syntax error: expected an expression, found ';'
BEGIN { x = ; }
            ^
== compile error with --service: exit 3
== compile error without: exit 1
sonde: <command line>:1:1: error: [D_PDESC_ZERO] probe description syscall::no_such_call:entry does not match any probes
== no probe matched: exit 3
giving up

== exit(1) at run time: exit 1
sonde: --service traces the whole system: it takes no -c, -p or -l
== with -c: exit 2

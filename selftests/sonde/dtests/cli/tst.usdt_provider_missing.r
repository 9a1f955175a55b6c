sonde: <command line>:1:1: error: [D_PDESC_ZERO] probe description pythonPID:::function-entry does not match any probes
sonde: process PID (uprobe-prog) has no USDT provider python; its providers: sonde_test
status 1

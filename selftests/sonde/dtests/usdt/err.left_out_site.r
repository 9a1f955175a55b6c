-- @@stderr --
sonde: warning: USDT probe sonde_test:globals in DIR/uprobe-prog-stripped left out: argument 0 '-4@g_count(%rip)': symbol g_count is not in the file's symbol tables (stripped?)
sonde: err.left_out_site.d:13:1: error: [D_PDESC_ZERO] probe description sonde_testPID:::globals does not match any probes

sonde: <command line>:1:1: error: [D_PDESC_ZERO] probe description ::kprobe:vfs_read does not match any probes
sonde: kprobe:vfs_read is bpftrace's syntax; in D it is fbt::vfs_read:entry
status 1
sonde: <command line>:1:1: error: [D_PDESC_ZERO] probe description :tracepoint:sched:sched_switch does not match any probes
sonde: tracepoint:sched:sched_switch is bpftrace's syntax; in D it is tracepoint:sched::sched_switch
status 1
sonde: <command line>:1:1: error: [D_PDESC_ZERO] probe description :profile:hz:99 does not match any probes
sonde: profile:hz:99 is bpftrace's syntax; in D it is profile-99
status 1
sonde: <command line>:1:1: error: [D_PDESC_ZERO] probe description vminfo:::as_fault does not match any probes
sonde: vminfo is a Solaris DTrace provider that Linux does not have: for vminfo:::as_fault, use fbt::handle_mm_fault:entry, or tracepoint:exceptions::page_fault_user
status 1
sonde: <command line>:1:1: error: [D_PDESC_ZERO] probe description syscall::getppdi:entry does not match any probes
sonde: did you mean syscall::getppid:entry?
status 1
sonde: <command line>:1:1: error: [D_PDESC_ZERO] probe description fbt::vfs_raed:entry does not match any probes
sonde: did you mean fbt::vfs_read:entry?
status 1
   ID   PROVIDER            MODULE                          FUNCTION NAME
sonde: failed to match syscal::getppid:entry: No probe matches description
sonde: did you mean syscall::getppid:entry?
status 0

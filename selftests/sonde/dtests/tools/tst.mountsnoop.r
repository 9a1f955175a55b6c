rc=0
TIME(ms)  PID     COMM             ERR CALL
  mount 0 mount("sondetmp", "$T/m", "tmpfs", 0x8000)
  mount 19 mount("none", "$T/m", "nosuchfs", 0x8000)
  umount 0 umount2("$T/m", 0x0)

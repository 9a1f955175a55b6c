CPU     ID                    FUNCTION:NAME
  C      I                    getppid:entry   loop-getppid                                        loop-getppid`syscall                                loop-getppid`syscall+0xOFF
  C      I                         :tick-1s 

-- @@stderr --
sonde: script 'tst.umod_usym_uaddr_columns.d' matched 2 probes

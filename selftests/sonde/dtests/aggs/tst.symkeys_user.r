CPU     ID                    FUNCTION:NAME
  C      I                         :tick-1s 
  C      I                             :END loop-getppid`syscall 100
[loop-getppid`syscall] 100

  loop-getppid                                                    100

  loop-getppid`syscall+0xOFF  100


-- @@stderr --
sonde: script 'tst.symkeys_user.d' matched 3 probes

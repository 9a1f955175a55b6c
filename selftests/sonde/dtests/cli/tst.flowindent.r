CPU FUNCTION                                 
  X  => getppid                               
  X    -> FUNC                                
  X    <- FUNC                                
  X  <= getppid                               
  X  => getppid                               
  X    -> FUNC                                
  X    <- FUNC                                
  X  <= getppid                               

-- @@stderr --
sonde: script 'tst.flowindent.d' matched 4 probes
sonde: pid PID has exited

dtrace

  loop-getppid                                                      3


exit status 0, kernel_destructive N
dtrace: breakpoint action at probe dtrace:::BEGIN (ecb 2): no kernel debugger

   ID   PROVIDER            MODULE                          FUNCTION NAME
   ID    pidPID         libc.so.6                            malloc entry
   ID    pidPID         libc.so.6                            malloc return

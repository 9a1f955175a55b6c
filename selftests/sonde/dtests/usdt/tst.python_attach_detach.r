attached: exit status 0
calls: more than 0

listed: exit status 0
   ID   PROVIDER            MODULE                          FUNCTION NAME
   ID pythonPID        python3.11 0xOFF audit
   ID pythonPID        python3.11 0xOFF gc-start
   ID pythonPID        python3.11 0xOFF gc-done
   ID pythonPID        python3.11 0xOFF line
   ID pythonPID        python3.11 0xOFF import-find-load-start
   ID pythonPID        python3.11 0xOFF import-find-load-done
   ID pythonPID        python3.11 0xOFF function-entry
   ID pythonPID        python3.11 0xOFF function-return
python: exit status 0
ready
finished True

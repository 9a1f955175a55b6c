CPU     ID                    FUNCTION:NAME
  C      I                    getppid:entry   perf-PID.map`jit_getppid
              perf-PID.map`jit_getppid+0xb
              sym-jit-prog`call_jit+0xOFF
              sym-jit-prog`main+0xOFF


-- @@stderr --
sonde: script 'tst.jit_perfmap.d' matched 1 probe

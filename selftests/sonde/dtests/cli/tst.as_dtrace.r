                   FUNCTION:NAME
                          :BEGIN  65535  -1         -1

exit status 0

exit status 0
exit status 1
-- @@stderr --
dtrace: description 'BEGIN ' matched 1 probe
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid address (0x8) at BPF pc N
dtrace: description 'BEGIN ' matched 1 probe
dtrace: invalid probe specifier profile:::tick-1sec, syscall::nosuchcall:entry { exit(0); }: [D_PDESC_ZERO] line 1: probe description syscall::nosuchcall:entry does not match any probes

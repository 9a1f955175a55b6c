== garbage
sonde: anonymous enabling $T/bad.img not started: anonymous enabling: file of 26 bytes is shorter than its header (64 bytes): truncated (error -22)
sonde: could not enable tracing: No anonymous tracing state
== truncated
sonde: anonymous enabling $T/bad.img not started: anonymous enabling: file of 100 bytes, its header says SIZE: truncated (error -22)
sonde: could not enable tracing: No anonymous tracing state
== corrupt
sonde: anonymous enabling $T/bad.img not started: anonymous enabling: checksum 0xSUM, its header says 0xSUM: the file is corrupt (error -22)
sonde: could not enable tracing: No anonymous tracing state
== a bad instruction, resealed
sonde: anonymous enabling $T/bad.img not started: clause 0 actions: insn 0: invalid opcode 0xff (error -22)
sonde: could not enable tracing: No anonymous tracing state
== an unknown probe, resealed
sonde: anonymous enabling $T/bad.img not started: enabling 0: no probe dtrace:::no-such-probe (error -2)
sonde: could not enable tracing: No anonymous tracing state
== an enabling of probe 0, resealed
sonde: anonymous enabling $T/bad.img not started: enabling 0: probe 0 clause 0 out of range (error -22)
sonde: could not enable tracing: No anonymous tracing state
== anonymous=0
sonde: could not enable tracing: No anonymous tracing state
== no file
sonde: could not enable tracing: No anonymous tracing state
== the good file
sonde: anonymous enabling $T/good.img started: 1 enabling, BEGIN on CPU N
hello

exit status 0
== unclaimed when the module is removed
rmmod: torn down

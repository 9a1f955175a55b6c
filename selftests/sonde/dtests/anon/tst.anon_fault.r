a run:
sonde: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): invalid address (0x8) in action #1 at DIF offset 8
after the fault

exit status 3
-a after -A:
sonde: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): invalid address (0x8) in action #1 at DIF offset 8
after the fault

exit status 3

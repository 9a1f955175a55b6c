str good

-- @@stderr --
sonde: error on enabled probe ID 2 (ID I: sonde_testPID:uprobe-prog:main:str): invalid address (0x10) in action #1 at DIF offset N

CPU     ID                    FUNCTION:NAME
  C      1                           :BEGIN 

-- @@stderr --
sonde: script 'tst.quiet_no.d' matched 1 probe
